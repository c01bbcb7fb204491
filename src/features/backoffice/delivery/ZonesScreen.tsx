import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { bosDeliveryApi } from '../../../lib/api/bos-delivery';
import { formatRupees, toRupees } from '../../../lib/money';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { $zones, seededZones, seedZones, sessionNotice, showZones, type ZonesSeed, type ZonesState } from './store';
import { chargeText, codText, deliveryText, listHref, minimumText, readListQuery, warehousesText, zoneHref, ZONES_PATH, ZONES_PER_PAGE, zonesCaption } from './zones';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const LINK = `text-primary underline underline-offset-2 ${FOCUS}`;
const SEARCH_AFTER_MS = 250;

/**
 * /bos/admin/delivery: the shop's delivery zones, by name, each with its pincodes, charge, minimum order, cash on
 * delivery, day and window, and warehouses; a search by name or pincode (as typed) and pages in the address; a
 * new zone. Server-rendered from the address; hydrated on load, it then searches on its own.
 */
export default function ZonesScreen(props: ZonesSeed) {
  const hydrated = useHydrated();
  const live = useStore($zones);
  const [typed, setTyped] = useState(props.query.q);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    seedZones(props);
    setNotice(sessionNotice.take());
    const back = () => {
      const query = readListQuery(new URLSearchParams(location.search));
      setTyped(query.q);
      void showZones(bosDeliveryApi(), query, () => {});
    };
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const state: ZonesState = hydrated && live ? live : seededZones(props);
  const client = hydrated ? bosDeliveryApi() : null;
  const { query, list } = state;

  // Typing searches once it pauses; Enter searches at once.
  useEffect(() => {
    if (!client || typed.trim() === query.q.trim()) return;
    const timer = setTimeout(() => void showZones(client, { q: typed }), SEARCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed, hydrated]);
  const onSearch = (event: FormEvent) => {
    if (!client) return;
    event.preventDefault();
    void showZones(client, { q: typed });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <form role="search" aria-label="Zones" action={ZONES_PATH} method="get" className="flex w-96 max-w-full flex-col gap-1" onSubmit={onSearch}>
          <label htmlFor="zones-q" className="text-sm font-medium">Find a zone by name or pincode</label>
          <input
            id="zones-q"
            name="q"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Metro, 560001"
            maxLength={60}
            autoComplete="off"
            aria-controls="zones-list"
            className={`h-11 w-full rounded-md border border-border bg-background px-3 text-sm focus:border-primary ${FOCUS}`}
          />
        </form>
        <a href={`${ZONES_PATH}/new`} className={`inline-flex min-h-11 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground ${FOCUS}`} data-new-zone>
          New zone
        </a>
      </div>
      <div role="status" aria-live="polite" data-zones-notice>
        {notice && <p className="rounded-md bg-green-50 p-3 text-sm text-green-900">{notice}</p>}
      </div>
      {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900" data-zones-error>{state.error}</p>}
      <div id="zones-list" aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
        {list && (
          <>
            <p className="mb-2 text-sm text-muted-foreground" data-zones-count>
              {zonesCaption(list.meta.total, query.q)}. A pincode is delivered by its zone, from the zone’s warehouses. The cash-on-delivery limit of the shop is {formatRupees(toRupees(list.default_cod_limit_paise)).replace(/\.00$/, '')}.
            </p>
            {list.data.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-zones-empty>
                {query.q ? <>No zone matches “{query.q}”. <a href={ZONES_PATH} className={LINK} onClick={(e) => client && (e.preventDefault(), setTyped(''), void showZones(client, { q: '' }))}>Show every zone</a></> : 'No zones yet: nothing is delivered. Make the first one.'}
              </p>
            ) : (
              <ZoneTable state={state} />
            )}
          </>
        )}
      </div>
      {list && list.meta.total > 0 && (
        <Pagination
          label="Zone pages"
          total={list.meta.total}
          perPage={ZONES_PER_PAGE}
          page={query.page}
          {...(client ? { onPageChange: (page: number) => void showZones(client, { page }) } : { hrefFor: (page: number) => listHref(ZONES_PATH, { ...query, page }) })}
        />
      )}
    </div>
  );
}

function ZoneTable({ state }: { state: ZonesState }) {
  const list = state.list!;
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-2 align-top';
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">Delivery zones: {zonesCaption(list.meta.total, state.query.q)}, by name</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={TH}>Zone</th>
            <th scope="col" className={`${TH} text-right`}>Pincodes</th>
            <th scope="col" className={TH}>Delivery charge</th>
            <th scope="col" className={TH}>Minimum order</th>
            <th scope="col" className={TH}>Cash on delivery</th>
            <th scope="col" className={TH}>Delivers</th>
            <th scope="col" className={TH}>Warehouses</th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((zone) => (
            <tr key={zone.id} className="border-t border-border" data-zone-row={zone.id}>
              <th scope="row" className={`${TD} text-left font-medium`}>
                <a href={zoneHref(zone.id)} className={LINK}>{zone.name}</a>
              </th>
              <td className={`${TD} text-right tabular-nums`}>{zone.pincode_count.toLocaleString('en-IN')}</td>
              <td className={TD}>{chargeText(zone)}</td>
              <td className={TD}>{minimumText(zone)}</td>
              <td className={TD}>{codText(zone, list.default_cod_limit_paise)}</td>
              <td className={TD}>{deliveryText(zone)}</td>
              <td className={`${TD} ${zone.warehouse_ids.length ? '' : 'text-red-800'}`}>{warehousesText(zone, list.warehouses)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
