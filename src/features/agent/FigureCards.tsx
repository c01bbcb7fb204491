import type { AgentSummary } from '../../contract/agent';
import { formatCalendarDate } from '../../lib/format';
import { formatRupees } from '../../lib/money';
import { change } from './period';

type FigureName = keyof AgentSummary['figures'];

/** The six figures, what each means in a line, and whether a rise is good news (fewer cancellations is). */
const FIGURES: { name: FigureName; label: string; money: boolean; riseIsGood: boolean; hint: (s: AgentSummary) => string }[] = [
  { name: 'orders', label: 'Orders', money: false, riseIsGood: true, hint: () => 'Placed through you, not cancelled' },
  { name: 'revenue', label: 'Revenue', money: true, riseIsGood: true, hint: () => 'Those orders’ totals' },
  { name: 'average_order_value', label: 'Average order value', money: true, riseIsGood: true, hint: () => 'Revenue ÷ orders' },
  { name: 'commission', label: 'Commission', money: true, riseIsGood: true, hint: (s) => `${s.commission_rate}% of revenue less delivery` },
  { name: 'new_customers', label: 'New customers', money: false, riseIsGood: true, hint: () => 'Assigned to you in the period' },
  { name: 'cancellations', label: 'Cancellations', money: false, riseIsGood: false, hint: () => 'Orders placed then cancelled' },
];

const TONE = { good: 'text-green-700', bad: 'text-red-700', same: 'text-muted-foreground' };
const ARROW = { up: '▲', down: '▼', same: '' };

export default function FigureCards({ summary }: { summary: AgentSummary }) {
  const previous = `${formatCalendarDate(summary.previous.from)} – ${formatCalendarDate(summary.previous.to)}`;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6" aria-label="Figures for the period">
      {FIGURES.map(({ name, label, money, riseIsGood, hint }) => {
        const { value, previous: before } = summary.figures[name];
        const moved = change(value, before);
        const good = moved.direction === 'same' ? 'same' : (moved.direction === 'up') === riseIsGood ? 'good' : 'bad';
        const show = (n: number) => (money ? formatRupees(n) : n.toLocaleString('en-IN'));
        return (
          <li key={name} className="flex flex-col gap-0.5 rounded-lg border border-border p-3" data-figure={name}>
            <span className="text-xs font-medium text-muted-foreground">{label}</span>
            <span className="text-lg font-semibold tabular-nums sm:text-xl" data-figure-value>{show(value)}</span>
            <span className={`text-xs ${TONE[good]}`} title={`Previous period (${previous}): ${show(before)}`}>
              <span aria-hidden="true">{ARROW[moved.direction]} </span>
              {moved.text}
              <span className="sr-only"> from {show(before)} in the previous period</span>
            </span>
            <span className="text-[11px] leading-tight text-muted-foreground">{hint(summary)}</span>
          </li>
        );
      })}
    </ul>
  );
}
