import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { bosDeliveryApi } from '../../../lib/api/bos-delivery';
import { formatRupees, toRupees } from '../../../lib/money';
import { useConfirm } from '../../../ui/Confirm';
import { Field } from '../../../ui/Field';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import {
  $zone, addPasted, editForm, editPaste, removeZone, removeZonePincode, saveZone, seededZone, seedZone, showPincodes, unsaved, type Report, type ZoneSeed, type ZoneState,
} from './store';
import { listHref, pastePreview, PINCODES_PER_PAGE, readListQuery, removePincodeQuestion, removeZoneQuestion, STATE_OPTIONS, zoneHref, type ZoneField } from './zones';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const SMALL = `inline-flex min-h-9 items-center rounded-md border border-border px-2.5 text-sm hover:bg-muted disabled:opacity-50 ${FOCUS}`;
const LINK = `text-primary underline underline-offset-2 ${FOCUS}`;
const INPUT = `h-11 w-full rounded-md border bg-background px-3 text-sm focus:border-primary ${FOCUS}`;
const CARD = 'flex flex-col gap-4 rounded-lg border border-border p-4';
const TONE: Record<Report['tone'], string> = { success: 'bg-green-50 text-green-900', warning: 'bg-amber-50 text-amber-950', error: 'bg-red-50 text-red-900' };
const SEARCH_AFTER_MS = 250;

/**
 * /bos/admin/delivery/{id} and /bos/admin/delivery/new: one zone. Its settings (name, charge, free delivery,
 * minimum order, lead days, window, cash on delivery and its limit, warehouses) in one form saved at once; its
 * pincodes: a box to paste many at once (what it read said as it is typed; those refused, with the zone that
 * has them, listed after), and the list with a search, pages in the address and a Remove per pincode; and the zone's
 * removal. Anything removed is asked first, saying what happens; leaving with unsaved settings asks too.
 */
export default function ZoneScreen(props: ZoneSeed) {
  const hydrated = useHydrated();
  const live = useStore($zone);
  const [dialog, ask] = useConfirm();
  useEffect(() => {
    seedZone(props);
    // Leaving (a link, reload, closing the tab) with unsaved settings: the browser asks first.
    const leaving = (event: BeforeUnloadEvent) => {
      if (unsaved($zone.get())) event.preventDefault();
    };
    addEventListener('beforeunload', leaving);
    return () => removeEventListener('beforeunload', leaving);
  }, []);
  const state: ZoneState = hydrated && live ? live : seededZone(props);
  const client = hydrated ? bosDeliveryApi() : null;
  const go = (href: string) => location.assign(href);

  const onRemoveZone = async () => {
    if (!client || !state.zone) return;
    const yes = await ask({ title: `Remove zone ${state.zone.name}?`, message: removeZoneQuestion(state.zone), confirmText: `Remove ${state.zone.name}`, cancelText: 'Keep it' });
    if (yes) await removeZone(client, go);
  };

  return (
    <div className="flex flex-col gap-6">
      <Said report={state.report} data="zone-report" />
      <SettingsForm state={state} interactive={Boolean(client)} onSave={client && (() => void saveZone(client, go))} />
      {state.zone && (
        <>
          <Pincodes state={state} client={client} ask={ask} />
          <section aria-labelledby="zone-remove" className={`${CARD} border-red-200`}>
            <h2 id="zone-remove" className="text-lg font-semibold">Remove this zone</h2>
            <p className="text-sm">{removeZoneQuestion(state.zone)}</p>
            <button type="button" className={`${BUTTON} self-start border border-red-700 text-red-800 hover:bg-red-50`} disabled={!client || state.removing !== null} onClick={() => void onRemoveZone()} data-remove-zone>
              {state.removing === 'zone' ? 'Removing…' : `Remove zone ${state.zone.name}`}
            </button>
          </section>
        </>
      )}
      {dialog}
    </div>
  );
}

/** A report of what an action did, in a live region (and each refused pincode, with its zone). */
function Said({ report, data }: { report: Report | null; data: string }) {
  return (
    <div role="status" aria-live="polite" {...{ [`data-${data}`]: '' }}>
      {report && (
        <div className={`rounded-md p-3 text-sm ${TONE[report.tone]}`}>
          <p className="font-medium">{report.text}</p>
          {report.refused && report.refused.length > 0 && (
            <ul className="mt-2 flex flex-col gap-1" aria-label="Pincodes refused">
              {report.refused.map((r) => (
                <li key={r.pincode} data-refused={r.pincode}>
                  <span className="font-mono font-semibold">{r.pincode}</span>{' '}
                  {r.zone ? <>is in zone <a href={zoneHref(r.zone.id)} className={LINK}>{r.zone.name}</a>: take it out there first to move it here.</> : 'is not known to the shop.'}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function SettingsForm({ state, interactive, onSave }: { state: ZoneState; interactive: boolean; onSave: (() => void) | null }) {
  const { form, problems } = state;
  const field = (name: ZoneField, label: string, extra: { description?: string; inputMode?: 'decimal' | 'numeric'; required?: boolean } = {}) => ({
    name,
    label,
    value: form[name],
    onChange: (value: unknown) => editForm({ [name]: String(value ?? '') }),
    error: problems[name],
    readonly: !interactive,
    ...extra,
  });
  const shopLimit = formatRupees(toRupees(state.defaultCodLimitPaise)).replace(/\.00$/, '');
  const changed = unsaved(state);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave?.();
  };
  return (
    <form className={CARD} aria-labelledby="zone-settings" noValidate onSubmit={onSubmit} data-zone-form>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="zone-settings" className="text-lg font-semibold">Settings</h2>
        {changed && <p className="text-sm font-medium text-amber-900" data-unsaved>Unsaved changes</p>}
      </div>
      {problems.form && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">{problems.form}</p>}
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <Field {...field('name', 'Zone name', { required: true, description: 'Staff see it; a pincode refused for another zone names it.' })} />
        <Field {...field('charge', 'Delivery charge (₹)', { required: true, inputMode: 'decimal', description: '0 for free delivery' })} />
        <Field {...field('free_above', 'Free delivery from (₹)', { required: true, inputMode: 'decimal', description: 'Goods’ value before any coupon; 0: always free' })} />
        <Field {...field('min_order', 'Minimum order (₹)', { required: true, inputMode: 'decimal', description: '0 for none' })} />
        <Field {...field('lead_days', 'Lead days', { required: true, inputMode: 'numeric', description: 'Days from order to delivery (0: same day); one more from a warehouse in another city' })} />
        <div className="grid grid-cols-2 gap-3">
          <TimeField name="window_start" label="Window from" state={state} interactive={interactive} />
          <TimeField name="window_end" label="Window to" state={state} interactive={interactive} />
        </div>
        <div className="flex flex-col gap-2">
          <Field
            name="cod_allowed"
            label="Cash on delivery"
            type="checkbox"
            value={form.cod_allowed}
            readonly={!interactive}
            description="Shoppers here may pay when the order arrives"
            onChange={(value) => editForm({ cod_allowed: Boolean(value) })}
          />
        </div>
        <Field {...field('cod_limit', 'Cash on delivery limit (₹)', { inputMode: 'decimal', description: `Empty: the shop’s limit, ${shopLimit}` })} readonly={!interactive || !form.cod_allowed} />
        <Warehouses state={state} interactive={interactive} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={`${BUTTON} bg-primary text-primary-foreground`} disabled={!interactive || state.saving || (state.zone !== null && !changed)} aria-busy={state.saving || undefined} data-save-zone>
          {state.saving ? 'Saving…' : state.zone ? 'Save settings' : 'Create zone'}
        </button>
        <p className="text-sm text-muted-foreground">
          {state.zone ? 'Saved settings apply to the next pincode check, cart and checkout.' : 'Pincodes are pasted once the zone is made.'}
        </p>
      </div>
    </form>
  );
}

function TimeField({ name, label, state, interactive }: { name: 'window_start' | 'window_end'; label: string; state: ZoneState; interactive: boolean }) {
  return (
    <Field name={name} label={label} type="custom" required error={state.problems[name]}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type="time"
          step={900}
          value={state.form[name]}
          readOnly={!interactive}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required
          onChange={(e) => editForm({ [name]: e.target.value })}
          className={`${INPUT} ${invalid ? 'border-red-500' : 'border-border'}`}
        />
      )}
    </Field>
  );
}

function Warehouses({ state, interactive }: { state: ZoneState; interactive: boolean }) {
  const chosen = new Set(state.form.warehouse_ids);
  const toggle = (id: number, on: boolean) => editForm({ warehouse_ids: on ? [...chosen, id] : [...chosen].filter((w) => w !== id) });
  const error = state.problems.warehouse_ids;
  return (
    <fieldset className="flex flex-col gap-1 md:col-span-2 lg:col-span-1" aria-describedby="zone-warehouses-help" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">Delivered from</legend>
      {state.warehouses.map((w) => (
        <label key={w.id} className="flex min-h-9 items-center gap-2 text-sm">
          <input type="checkbox" className={`h-4 w-4 accent-[var(--color-primary)] ${FOCUS}`} checked={chosen.has(w.id)} disabled={!interactive} onChange={(e) => toggle(w.id, e.target.checked)} data-warehouse={w.code} />
          {w.name} ({w.code}, {w.city})
        </label>
      ))}
      <p id="zone-warehouses-help" className={`text-xs ${!chosen.size ? 'text-red-800' : 'text-muted-foreground'}`}>
        {chosen.size ? 'A pack is delivered here only from these warehouses.' : 'No warehouse: shoppers here can check the pincode, but no pack is delivered.'}
      </p>
      {error && <p className="text-xs text-red-600" role="alert">{error}</p>}
    </fieldset>
  );
}

function Pincodes({ state, client, ask }: { state: ZoneState; client: ReturnType<typeof bosDeliveryApi> | null; ask: ReturnType<typeof useConfirm>[1] }) {
  const zone = state.zone!;
  const { paste, pasteProblems, pincodes } = state;
  const preview = pastePreview(paste.text);
  const [typed, setTyped] = useState(pincodes.query.q);
  const listTop = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!client || typed.trim() === pincodes.query.q.trim()) return;
    const timer = setTimeout(() => void showPincodes(client, { q: typed }), SEARCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed, Boolean(client)]);
  useEffect(() => {
    const back = () => {
      const query = readListQuery(new URLSearchParams(location.search));
      setTyped(query.q);
      if (client) void showPincodes(client, query, { remember: () => {} });
    };
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, [Boolean(client)]);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (client) void addPasted(client);
  };
  const onRemove = async (pincode: string) => {
    if (!client) return;
    const yes = await ask({ title: `Remove ${pincode} from ${zone.name}?`, message: removePincodeQuestion(zone.name, pincode), confirmText: `Remove ${pincode}`, cancelText: 'Keep it' });
    if (yes) {
      await removeZonePincode(client, pincode);
      listTop.current?.focus();
    }
  };

  return (
    <section aria-labelledby="zone-pincodes" className={CARD}>
      <h2 id="zone-pincodes" className="text-lg font-semibold">
        Pincodes <span className="font-normal text-muted-foreground" data-pincode-count>({zone.pincode_count.toLocaleString('en-IN')})</span>
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <form className="flex flex-col gap-3" aria-labelledby="zone-paste" noValidate onSubmit={onAdd} data-paste-form>
          <h3 id="zone-paste" className="font-medium">Add pincodes</h3>
          <Field name="pincodes" label="Pincodes" type="custom" required error={pasteProblems.text} description="Paste many at once, separated by commas, spaces or new lines (a spreadsheet’s column will do). A pincode in another zone is refused.">
            {({ id, describedBy, invalid }) => (
              <>
                <textarea
                  id={id}
                  name="pincodes"
                  rows={5}
                  value={paste.text}
                  readOnly={!client}
                  aria-describedby={[describedBy, preview ? 'zone-paste-read' : ''].filter(Boolean).join(' ') || undefined}
                  aria-invalid={invalid || undefined}
                  aria-required
                  placeholder={'560001, 560002\n560003'}
                  onChange={(e) => editPaste({ text: e.target.value })}
                  className={`${INPUT} h-auto py-2 font-mono ${invalid ? 'border-red-500' : 'border-border'}`}
                />
                {preview && !pasteProblems.text && (
                  <p id="zone-paste-read" className={`text-xs ${preview.tone === 'error' ? 'text-red-700' : 'text-muted-foreground'}`} data-paste-read>{preview.text}</p>
                )}
              </>
            )}
          </Field>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-1 text-sm">For pincodes new to the shop: where they are</legend>
            <Field name="city" label="City" value={paste.city} error={pasteProblems.city} readonly={!client} onChange={(v) => editPaste({ city: String(v ?? '') })} />
            <Field name="state" label="State" type="select" options={STATE_OPTIONS} placeholder="Choose a state…" value={paste.state} error={pasteProblems.state} readonly={!client} onChange={(v) => editPaste({ state: String(v ?? '') })} />
          </fieldset>
          {pasteProblems.form && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">{pasteProblems.form}</p>}
          <button type="submit" className={`${BUTTON} self-start bg-primary text-primary-foreground`} disabled={!client || state.adding} aria-busy={state.adding || undefined} data-add-pincodes>
            {state.adding ? 'Adding…' : `Add to ${zone.name}`}
          </button>
          <Said report={state.added} data="paste-report" />
        </form>

        <div className="flex flex-col gap-3" ref={listTop} tabIndex={-1} aria-labelledby="zone-list">
          <h3 id="zone-list" className="font-medium">In this zone</h3>
          <form role="search" aria-label="Pincodes of this zone" className="flex flex-col gap-1" onSubmit={(e) => (e.preventDefault(), client && void showPincodes(client, { q: typed }))}>
            <label htmlFor="zone-pincodes-q" className="text-sm font-medium">Find a pincode or city</label>
            <input id="zone-pincodes-q" name="q" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={60} autoComplete="off" aria-controls="zone-pincode-list" className={`${INPUT} border-border`} />
          </form>
          {pincodes.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">{pincodes.error}</p>}
          <div id="zone-pincode-list" aria-busy={state.pincodesLoading || undefined} className={`transition-opacity ${state.pincodesLoading ? 'opacity-60' : ''}`}>
            {pincodes.list && pincodes.list.data.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-pincodes-empty>
                {pincodes.query.q ? `No pincode of this zone matches “${pincodes.query.q}”.` : 'No pincodes yet: paste them on the left.'}
              </p>
            ) : (
              pincodes.list && <PincodeTable state={state} onRemove={client && onRemove} />
            )}
          </div>
          {pincodes.list && pincodes.list.meta.total > 0 && (
            <Pagination
              label="Pincode pages"
              total={pincodes.list.meta.total}
              perPage={PINCODES_PER_PAGE}
              page={pincodes.query.page}
              {...(client ? { onPageChange: (page: number) => void showPincodes(client, { page }) } : { hrefFor: (page: number) => listHref(zoneHref(zone.id), { ...pincodes.query, page }) })}
            />
          )}
        </div>
      </div>
    </section>
  );
}

function PincodeTable({ state, onRemove }: { state: ZoneState; onRemove: ((pincode: string) => void) | null }): ReactNode {
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-1.5 align-middle';
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-sm">
        <caption className="sr-only">Pincodes of {state.zone!.name}, in order</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={TH}>Pincode</th>
            <th scope="col" className={TH}>City</th>
            <th scope="col" className={TH}>State</th>
            <th scope="col" className={TH}><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {state.pincodes.list!.data.map((p) => (
            <tr key={p.pincode} className="border-t border-border" data-pincode-row={p.pincode}>
              <th scope="row" className={`${TD} text-left font-mono font-medium`}>{p.pincode}</th>
              <td className={TD}>{p.city}</td>
              <td className={TD}>{p.state}</td>
              <td className={`${TD} text-right`}>
                <button type="button" className={SMALL} disabled={!onRemove || state.removing !== null} aria-label={`Remove ${p.pincode}`} onClick={() => onRemove?.(p.pincode)}>
                  {state.removing === p.pincode ? 'Removing…' : 'Remove'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
