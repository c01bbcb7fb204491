import { useEffect, useRef, useState } from 'react';
import type { BosSalesFigures } from '../../../contract/bos-sales';
import { formatCalendarDate } from '../../../lib/format';
import { formatRupees } from '../../../lib/money';
import { compactRupees, dayLabel } from '../../agent/chart';
import { CHANNEL_COLOUR, CHANNEL_LABEL, channelSeries } from './sales';

const CHANNELS = ['web', 'agent', 'pos'] as const;

/**
 * Each day's sales of the 30 by channel (a line each), drawn by uPlot, fetched when the chart mounts (this page
 * only). The chart is a picture for the eye (aria-hidden); the same figures are a table under "Show as a table",
 * which screen readers and a browser without JavaScript always have.
 */
export default function SalesChart({ days }: { days: BosSalesFigures['days'] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    import('uplot')
      .then(({ default: uPlot }) => {
        if (gone) return;
        const { labels, data } = channelSeries(days, CHANNELS);
        const ink = getComputedStyle(element).getPropertyValue('--color-foreground').trim() || '#111';
        const axis = { stroke: ink, grid: { stroke: 'rgba(127,127,127,0.15)' }, ticks: { show: false }, font: '11px Inter, system-ui, sans-serif' };
        const width = () => Math.max(240, element.clientWidth);
        chart = new uPlot(
          {
            width: width(),
            height: 240,
            padding: [12, 8, 0, 4],
            legend: { show: true, live: true },
            cursor: { points: { show: false }, drag: { x: false, y: false } },
            scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(100, max * 1.15)] } },
            axes: [
              { ...axis, values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && labels[i] ? dayLabel(labels[i]) : '')), space: 48 },
              { ...axis, values: (_u, splits) => splits.map(compactRupees), size: 56 },
            ],
            series: [
              { label: 'Day', value: (_u, i) => (i === null || !labels[i] ? '—' : formatCalendarDate(labels[i])) },
              ...CHANNELS.map((channel) => ({
                label: CHANNEL_LABEL[channel],
                stroke: CHANNEL_COLOUR[channel],
                width: 2,
                points: { show: true, size: 4 },
                value: (_u: unknown, v: number | null) => (v === null ? '—' : formatRupees(v)),
              })),
            ],
          },
          data,
          element,
        );
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: 240 }));
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days]);

  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm text-muted-foreground">
        Sales each day by channel{first && last ? `, ${formatCalendarDate(first)} to ${formatCalendarDate(last)}` : ''} (order totals, India's days).
      </figcaption>
      <div ref={box} className="min-h-[272px] w-full" aria-hidden="true" data-sales-chart>
        {failed && <p className="p-6 text-center text-sm text-muted-foreground">The chart could not load; the table below has the same figures.</p>}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer py-2 text-primary">Show as a table</summary>
        {/* Focusable, so the keyboard scrolls it too (a scrolling region the keyboard cannot reach fails WCAG 2.1.1). */}
        <div className="max-h-80 overflow-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary" tabIndex={0} role="region" aria-label="Sales each day, as a table">
          <table className="w-full text-left" data-sales-days>
            <caption className="sr-only">Sales each day by channel: orders and amount</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">Day</th>
                {CHANNELS.map((channel) => (
                  <th key={channel} scope="col" className="px-3 py-1.5 text-right font-medium">{CHANNEL_LABEL[channel]}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date} className="border-t border-border">
                  <th scope="row" className="px-3 py-1 font-normal">{formatCalendarDate(d.date)}</th>
                  {d.channels.map((c) => (
                    <td key={c.channel} className="px-3 py-1 text-right tabular-nums">
                      {formatRupees(c.amount)} <span className="text-muted-foreground">({c.orders})</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
