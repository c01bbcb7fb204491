import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CATALOGUE_PER_PAGE, type BosBrand, type BosSupplier, type BosSynonymGroup, type BosWarehouse } from '../../../contract/bos-catalogue';
import { safeUrl } from '../../../contract/safe-url';
import { bosCatalogueApi } from '../../../lib/api/bos-catalogue';
import { useConfirm } from '../../../ui/Confirm';
import { Field } from '../../../ui/Field';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { $list, addLabel, followAddress, removeRow, saveRow, seededList, seedList, showList, type ListState } from './list-store';
import { emptyForm, FIELDS, formOf, isDirty, KINDS, listCaption, listHref, readListQuery, removeQuestion, rowName, usageText, type AnyRow, type FormValues, type ListKind, type ListView } from './lists';
import { DANGER, FOCUS, FormDialog, ImageField, PRIMARY, Report, SearchBox, SECONDARY } from './parts';

/**
 * /bos/admin/catalogue/{brands,suppliers,warehouses,synonyms}: one of the Catalogue section's lists. A search that
 * asks as you type, the page in the address, a table with what uses each row, Add and Edit in a form dialog (the
 * contract's rules, the API's refusals by field, unsaved changes kept unless discarded) and Remove after the shared
 * Confirm dialog, or a plain explanation when the row is in use. Server-rendered from the address; hydrated on
 * load, it then loads each view on its own.
 */
export default function ListScreen(props: ListView & { canChooseMedia: boolean }) {
  const hydrated = useHydrated();
  const live = useStore($list);
  useEffect(() => {
    seedList(props);
    const back = () => void followAddress(bosCatalogueApi(), readListQuery(new URLSearchParams(location.search)));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const state: ListState = hydrated && live ? live : seededList(props);
  const client = hydrated ? bosCatalogueApi() : null;
  const { kind, query, list } = state;
  const words = KINDS[kind];
  const [dialog, ask] = useConfirm();
  const [editing, setEditing] = useState<{ row: AnyRow | null; start: FormValues } | null>(null);
  const reportBox = useRef<HTMLDivElement>(null);
  // A removed row leaves with the button that had the focus: the focus goes to what was done.
  const keepFocus = () =>
    setTimeout(() => {
      const at = document.activeElement;
      if (!at || at === document.body || !at.isConnected) reportBox.current?.focus();
    }, 50);

  const remove = async (row: AnyRow) => {
    if (!client) return;
    const question = removeQuestion(kind, row);
    if (!question.can) {
      await ask({ title: question.title, message: question.text, alert: true });
      return;
    }
    if (await ask({ title: question.title, message: question.text, confirmText: 'Remove', cancelText: 'Keep it' })) {
      await removeRow(client, row);
      keepFocus();
    }
  };

  return (
    <div className="flex flex-col gap-4" data-catalogue-list={kind}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchBox label={`Search ${words.many}`} hint={words.searchHint} value={query.q} action={listHref(kind, { q: '', page: 1 })} onSearch={client && ((q) => void showList(client, { q }))} />
        <button type="button" className={PRIMARY} disabled={!client} onClick={() => setEditing({ row: null, start: emptyForm(kind) })}>
          + {addLabel(kind)}
        </button>
      </div>
      {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{state.error}</p>}
      <Report report={state.report} boxRef={reportBox} />
      <div aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
        {list.data.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border p-8 text-center" data-catalogue-empty>
            <p className="font-medium">{query.q ? `No ${words.many} match “${query.q}”` : `No ${words.many} yet`}</p>
            <p className="mx-auto mt-1 max-w-prose text-sm text-muted-foreground">{query.q ? 'Try fewer letters, or another word.' : words.empty}</p>
          </div>
        ) : (
          <Table state={state} ready={client !== null} onEdit={(row) => setEditing({ row, start: formOf(kind, row) })} onRemove={(row) => void remove(row)} />
        )}
      </div>
      {list.meta.total > CATALOGUE_PER_PAGE && (
        <Pagination
          label={`${words.title} pages`}
          total={list.meta.total}
          perPage={CATALOGUE_PER_PAGE}
          page={query.page}
          {...(client ? { onPageChange: (page: number) => void showList(client, { page }) } : { hrefFor: (page: number) => listHref(kind, { ...query, page }) })}
        />
      )}
      {client && editing && <RowForm kind={kind} editing={editing} busy={state.busy} canChooseMedia={props.canChooseMedia} onClose={() => setEditing(null)} save={(values) => saveRow(client, editing.row, values)} />}
      {dialog}
    </div>
  );
}

const TH = 'px-3 py-2 text-left font-medium whitespace-nowrap';
const TD = 'px-3 py-2 align-middle';
const count = (n: number) => <span className="tabular-nums">{n.toLocaleString('en-IN')}</span>;

/** Each list's columns after the first (the row's name, a row header): heading and cell. */
const COLUMNS: { [K in ListKind]: [string, (row: never) => ReactNode][] } = {
  brands: [
    ['Slug', (b: BosBrand) => <code className="text-xs">{b.slug}</code>],
    ['Products', (b: BosBrand) => count(b.products)],
    ['Coupons', (b: BosBrand) => count(b.coupons)],
  ],
  suppliers: [
    ['Slug', (s: BosSupplier) => <code className="text-xs">{s.slug}</code>],
    ['Title', (s: BosSupplier) => s.title ?? <span className="text-muted-foreground">—</span>],
    ['Link', (s: BosSupplier) => (s.link ? <span className="break-all text-xs">{s.link}</span> : <span className="text-muted-foreground">—</span>)],
    ['Products', (s: BosSupplier) => count(s.products)],
  ],
  warehouses: [
    ['Name', (w: BosWarehouse) => w.name],
    ['City', (w: BosWarehouse) => `${w.city} ${w.pincode}`],
    ['Packs', (w: BosWarehouse) => count(w.packs)],
    ['Order lines', (w: BosWarehouse) => count(w.order_lines)],
    ['Zones', (w: BosWarehouse) => count(w.zones)],
  ],
  synonyms: [],
};

/** The row's header cell: its name (and picture), a warehouse's code, a group's terms. */
function RowHead({ kind, row }: { kind: ListKind; row: AnyRow }) {
  if (kind === 'synonyms') {
    return (
      <ul className="flex flex-wrap gap-1" aria-label="Terms">
        {(row as BosSynonymGroup).terms.map((term) => <li key={term} className="rounded-full bg-muted px-2.5 py-0.5 text-sm font-normal">{term}</li>)}
      </ul>
    );
  }
  if (kind === 'warehouses') return <span className="font-mono">{(row as BosWarehouse).code}</span>;
  const picture = safeUrl(kind === 'brands' ? (row as BosBrand).logo : (row as BosSupplier).image, 'web');
  return (
    <span className="flex items-center gap-2">
      <span className="grid size-8 shrink-0 place-items-center overflow-hidden rounded border border-border bg-muted">{picture && <img src={picture} alt="" loading="lazy" className="max-h-full max-w-full object-contain" />}</span>
      {(row as BosBrand | BosSupplier).name}
    </span>
  );
}

function Table({ state, ready, onEdit, onRemove }: { state: ListState; ready: boolean; onEdit: (row: AnyRow) => void; onRemove: (row: AnyRow) => void }) {
  const { kind, list, query } = state;
  const first = kind === 'warehouses' ? 'Code' : kind === 'synonyms' ? 'Terms' : 'Name';
  return (
    <div className={`overflow-x-auto rounded-lg border border-border ${FOCUS}`} tabIndex={0} role="region" aria-label={`${KINDS[kind].title} (scrolls sideways)`}>
      <table className="w-full text-sm">
        <caption className="sr-only">{listCaption(kind, list.meta.total, query.q)}</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={TH}>{first}</th>
            {COLUMNS[kind].map(([heading]) => <th key={heading} scope="col" className={TH}>{heading}</th>)}
            <th scope="col" className={TH}><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((row: AnyRow) => {
            const name = rowName(kind, row);
            const used = usageText(kind, row);
            return (
              <tr key={'no' in row ? row.no : row.id} className="border-t border-border" data-row={name}>
                <th scope="row" className={`${TD} text-left font-medium`}>
                  <RowHead kind={kind} row={row} />
                </th>
                {COLUMNS[kind].map(([heading, cell]) => <td key={heading} className={TD}>{cell(row as never)}</td>)}
                <td className={`${TD} text-right`}>
                  <div className="flex justify-end gap-2" role="group" aria-label={capital(name)}>
                    <button type="button" className={SECONDARY} disabled={!ready || state.busy} onClick={() => onEdit(row)} aria-label={`Edit ${name}`}>Edit</button>
                    <button type="button" className={DANGER} disabled={!ready || state.busy} onClick={() => onRemove(row)} aria-label={`Remove ${name}`} title={used ? `In use: ${used}` : undefined}>
                      Remove
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The Add or Edit form of a row, in a dialog that is open while it is drawn: it closes once saved, or when left. */
function RowForm({ kind, editing, busy, canChooseMedia, onClose, save }: { kind: ListKind; editing: { row: AnyRow | null; start: FormValues }; busy: boolean; canChooseMedia: boolean; onClose: () => void; save: (values: FormValues) => Promise<Record<string, string> | null> }) {
  const [values, setValues] = useState<FormValues>(editing.start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const words = KINDS[kind];
  const title = editing.row ? `Edit ${rowName(kind, editing.row)}` : capital(addLabel(kind));
  const set = (name: string) => (value: unknown) => setValues((v) => ({ ...v, [name]: String(value ?? '') }));
  return (
    <FormDialog
      open
      name={title}
      title={title}
      dirty={isDirty(editing.start, values)}
      busy={busy}
      submitLabel={editing.row ? 'Save' : addLabel(kind)}
      problem={errors._}
      onClose={onClose}
      onSubmit={async () => {
        const wrong = await save(values);
        if (wrong) setErrors(wrong);
        else onClose();
      }}
    >
      {FIELDS[kind].map((field) =>
        field.image ? (
          <ImageField key={field.name} label={field.label} value={values[field.name] ?? ''} error={errors[field.name]} hint={field.hint} onChange={set(field.name)} canChooseMedia={canChooseMedia} />
        ) : (
          <Field
            key={field.name}
            name={field.name}
            label={field.label}
            type={kind === 'synonyms' ? 'textarea' : 'text'}
            required={field.required}
            value={values[field.name]}
            onChange={set(field.name)}
            error={errors[field.name]}
            description={field.hint}
            inputMode={field.inputMode}
          />
        ),
      )}
      {kind === 'synonyms' && <p className="text-xs text-muted-foreground">A term is in one group only; case, spaces and the nukta do not count (प्याज़ is प्याज).</p>}
      {editing.row && kind !== 'synonyms' && <p className="text-xs text-muted-foreground">A change shows in the shop at once; a new slug changes the {words.one}’s web address.</p>}
    </FormDialog>
  );
}
