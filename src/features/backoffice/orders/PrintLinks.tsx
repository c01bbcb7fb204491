import { plural } from '../../../contract/plural';
import { indiaDate } from '../../../lib/india-time';
import { packingSlipsHref, pickListHref, type DayFilters } from './print';

const LINK = 'inline-flex min-h-11 items-center rounded-md border border-border px-4 text-sm font-medium hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * The queue's printouts (docs/back-office.md#pick-list-and-packing-slips): the pick list of the filters' delivery
 * date (today without one), window and warehouse, and packing slips of the chosen orders, or of that day.
 */
export function PrintLinks({ filters, chosen }: { filters: DayFilters; chosen: readonly number[] }) {
  const today = indiaDate();
  return (
    <nav aria-label="Print" className="flex flex-wrap items-center gap-2" data-print-links>
      <a href={pickListHref(filters, today)} className={LINK}>Print pick list</a>
      <a href={packingSlipsHref(filters, today, chosen)} className={LINK}>{chosen.length > 0 ? `Packing slips (${plural(chosen.length, 'order', 'orders')})` : 'Packing slips'}</a>
    </nav>
  );
}
