import { useState, type FormEvent } from 'react';
import { formatCalendarDate } from '../../lib/format';
import { DateField } from '../../ui/DateField';
import { periodHref, presetPeriod, PERIOD_PRESETS, PRESET_LABELS, rangeProblem, type PeriodChoice } from './period';

interface Props {
  period: PeriodChoice;
  /** Null before hydration: the presets are then plain links, which work without JavaScript too. */
  onChoose: ((period: PeriodChoice) => void) | null;
}

const CHIP = 'inline-flex min-h-10 items-center rounded-full border px-4 text-sm';
const chip = (on: boolean) => `${CHIP} ${on ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:border-primary'}`;

/** Today, 7 days, 30 days, this month, or a custom range picked with the shared date field. */
export default function PeriodPicker({ period, onChoose }: Props) {
  const [custom, setCustom] = useState(period.preset === 'custom');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<string | null>(null);

  /** Custom opens on the range being shown (whichever preset or range was chosen last), ready to adjust. */
  function openCustom() {
    if (!custom) {
      setFrom(period.from);
      setTo(period.to);
      setProblem(null);
    }
    setCustom(!custom);
  }

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const why = rangeProblem(from, to);
    setProblem(why);
    if (!why) onChoose?.({ preset: 'custom', from, to });
  }

  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="Period" className="flex flex-wrap gap-2">
        {PERIOD_PRESETS.map((preset) => {
          const on = period.preset === preset && !custom;
          return (
            <a
              key={preset}
              href={periodHref(presetPeriod(preset))}
              aria-current={on ? 'true' : undefined}
              className={chip(on)}
              onClick={(event) => {
                if (!onChoose) return;
                event.preventDefault();
                setCustom(false);
                onChoose(presetPeriod(preset));
              }}
            >
              {PRESET_LABELS[preset]}
            </a>
          );
        })}
        <button type="button" className={chip(custom)} aria-expanded={custom} aria-controls="custom-period" onClick={openCustom} disabled={!onChoose}>
          {PRESET_LABELS.custom}
        </button>
      </nav>
      {custom && (
        <form id="custom-period" onSubmit={apply} className="flex flex-wrap items-end gap-3 rounded-lg border border-border p-3" aria-label="Custom period" noValidate>
          <label className="flex w-40 flex-col gap-1 text-sm">
            From
            <DateField name="from" value={from} onChange={setFrom} invalid={!!problem} describedBy={problem ? 'period-problem' : undefined} />
          </label>
          <label className="flex w-40 flex-col gap-1 text-sm">
            To
            <DateField name="to" value={to} onChange={setTo} invalid={!!problem} describedBy={problem ? 'period-problem' : undefined} />
          </label>
          <button type="submit" className="min-h-10 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground">Apply</button>
          {problem && <p id="period-problem" role="alert" className="w-full text-sm text-red-700">{problem}</p>}
        </form>
      )}
      <p className="text-sm text-muted-foreground" data-period>
        {period.from === period.to ? formatCalendarDate(period.from) : `${formatCalendarDate(period.from)} – ${formatCalendarDate(period.to)}`}
      </p>
    </div>
  );
}
