import { useEffect, useRef, useState } from 'react';
import type { AgentSales } from '../../contract/agent';
import { formatCalendarDate } from '../../lib/format';
import { formatRupees } from '../../lib/money';
import { chartSeries, compactRupees, dayLabel } from './chart';
import { plural } from '../../contract/plural';

/**
 * Daily revenue (bars, left axis) and orders (line, right axis) over the period, drawn by uPlot. uPlot (23 KB
 * gzip) is fetched when this chart mounts, on this page only; until then, and without JavaScript, the same
 * figures are a table under "Show as a table", which screen readers always have.
 */
export default function SalesChart({ sales, loading }: { sales: AgentSales; loading?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const totalOrders = sales.days.reduce((n, d) => n + d.orders, 0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    import('uplot')
      .then(({ default: uPlot }) => {
        if (gone) return;
        const { labels, data } = chartSeries(sales);
        const style = getComputedStyle(element);
        const primary = style.getPropertyValue('--color-primary').trim() || '#16a34a';
        const ink = style.getPropertyValue('--color-foreground').trim() || '#111';
        const axis = { stroke: ink, grid: { stroke: 'rgba(127,127,127,0.15)' }, ticks: { show: false }, font: '11px Inter, system-ui, sans-serif' };
        const width = () => Math.max(240, element.clientWidth);
        chart = new uPlot(
          {
            width: width(),
            height: 220,
            padding: [12, 4, 0, 4],
            legend: { show: true, live: true },
            cursor: { points: { show: false }, drag: { x: false, y: false } },
            scales: { x: { time: false }, orders: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] }, rupees: { range: (_u, _min, max) => [0, Math.max(100, max * 1.15)] } },
            axes: [
              { ...axis, values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && labels[i] ? dayLabel(labels[i]) : '')), space: 48 },
              { ...axis, scale: 'rupees', values: (_u, splits) => splits.map(compactRupees), size: 56 },
              { ...axis, scale: 'orders', side: 1, grid: { show: false }, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')), size: 36 },
            ],
            series: [
              { label: 'Day', value: (_u, i) => (i === null || !labels[i] ? '—' : formatCalendarDate(labels[i])) },
              {
                label: 'Revenue',
                scale: 'rupees',
                fill: primary,
                stroke: primary,
                paths: uPlot.paths.bars!({ size: [0.7, 28] }),
                points: { show: false },
                value: (_u, v) => (v === null ? '—' : formatRupees(v)),
              },
              { label: 'Orders', scale: 'orders', stroke: ink, width: 2, points: { show: labels.length <= 31, size: 5 }, value: (_u, v) => (v === null ? '—' : String(v)) },
            ],
          },
          data,
          element,
        );
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: 220 }));
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [sales]);

  return (
    <figure className={`flex flex-col gap-2 ${loading ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
      <figcaption className="text-sm text-muted-foreground">
        Revenue (bars) and orders (line) each day, {formatCalendarDate(sales.period.from)} to {formatCalendarDate(sales.period.to)}: {plural(totalOrders, 'order', 'orders')}.
      </figcaption>
      <div ref={box} className="min-h-[252px] w-full" aria-hidden="true" data-sales-chart>
        {failed && <p className="p-6 text-center text-sm text-muted-foreground">The chart could not load; the table below has the same figures.</p>}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer py-2 text-primary">Show as a table</summary>
        <div className="max-h-72 overflow-auto rounded-md border border-border">
          <table className="w-full text-left">
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">Day</th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">Orders</th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {sales.days.map((d) => (
                <tr key={d.date} className="border-t border-border">
                  <th scope="row" className="px-3 py-1 font-normal">{formatCalendarDate(d.date)}</th>
                  <td className="px-3 py-1 text-right">{d.orders}</td>
                  <td className="px-3 py-1 text-right">{formatRupees(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
