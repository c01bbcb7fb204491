import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../../lib/api/browser';
import { pageBuilderApi } from '../../../lib/api/page-builder';
import { errorMessage } from '../../../lib/errors';
import { safeUrl } from '../../../contract/safe-url';
import { PICKER_WORDS, productChoice, searchChoices } from './choices';
import { fieldId, useEditorContext, type Choice } from './context';
import { errorsAt, moveItem, type PickerKind, type Path } from './form-model';
import { INPUT, Problems, SMALL_BUTTON } from './parts';

/** Products and suppliers named by slug, once looked up (a page names the same ones again and again). */
const known = new Map<string, Choice>();
let suppliers: Promise<Choice[]> | null = null;
const allSuppliers = () =>
  (suppliers ??= pageBuilderApi()
    .supplierChoices()
    .then((list) => list.data.map((s) => ({ slug: s.slug, name: s.name, image: s.image })))
    .catch((failure) => {
      suppliers = null;
      throw failure;
    }));

/** What a picker finds for the words typed: products and suppliers from the API, categories and brands from the catalogue the page was given. */
function useSearch(kind: PickerKind, q: string, open: boolean) {
  const { categories, brands } = useEditorContext();
  const [state, setState] = useState<{ results: Choice[]; loading: boolean; error: string | null }>({ results: [], loading: false, error: null });
  useEffect(() => {
    if (!open) return;
    if (kind === 'category' || kind === 'brand') {
      setState({ results: searchChoices(kind === 'category' ? categories : brands, q), loading: false, error: null });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    const timer = setTimeout(async () => {
      try {
        const results =
          kind === 'product'
            ? (await api().products({ q: q.trim() || undefined, perPage: 8 })).data.map(productChoice)
            : searchChoices(await allSuppliers(), q);
        for (const r of results) known.set(`${kind}:${r.slug}`, r);
        if (current) setState({ results, loading: false, error: null });
      } catch (failure) {
        if (current) setState({ results: [], loading: false, error: errorMessage(failure) });
      }
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [kind, q, open, categories, brands]);
  return state;
}

/** The names of chosen slugs: categories and brands from the catalogue, products and suppliers looked up once. */
function useNames(kind: PickerKind, slugs: string[]): (slug: string) => Choice | undefined {
  const { categories, brands } = useEditorContext();
  const [, redraw] = useState(0);
  const key = slugs.join('\n');
  useEffect(() => {
    const missing = slugs.filter((s) => s && !known.has(`${kind}:${s}`));
    if (!missing.length || kind === 'category' || kind === 'brand') return;
    let current = true;
    (async () => {
      if (kind === 'supplier') for (const s of await allSuppliers()) known.set(`supplier:${s.slug}`, s);
      else
        await Promise.all(
          missing.map((slug) =>
            api()
              .product(slug)
              .then((p) => void known.set(`product:${slug}`, productChoice(p)))
              .catch(() => {}),
          ),
        );
      if (current) redraw((n) => n + 1);
    })().catch(() => {});
    return () => {
      current = false;
    };
  }, [kind, key]);
  return (slug) => (kind === 'category' ? categories.find((c) => c.slug === slug) : kind === 'brand' ? brands.find((b) => b.slug === slug) : known.get(`${kind}:${slug}`));
}

/**
 * A search box whose results are a list to choose from (the ARIA combobox pattern): type, then ↓ and ↑ move
 * through the results, Enter chooses, Escape closes. Shows names (a product's picture and price), gives the slug.
 */
function SearchBox({ kind, inputId, label, describedBy, invalid, onChoose, exclude = [] }: { kind: PickerKind; inputId: string; label: string; describedBy?: string; invalid: boolean; onChoose: (choice: Choice) => void; exclude?: string[] }) {
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const { results, loading, error } = useSearch(kind, q, open);
  const shown = results.filter((r) => !exclude.includes(r.slug));
  const choose = (choice: Choice) => {
    onChoose(choice);
    setQ('');
    setOpen(false);
  };
  useEffect(() => setActive(0), [q, results]);
  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="relative" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
      <input
        id={inputId}
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        placeholder={`${PICKER_WORDS[kind].search}…`}
        autoComplete="off"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, shown.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            if (open && shown[active]) choose(shown[active]);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          }
        }}
        className={`${INPUT} ${invalid ? 'border-red-600' : 'border-border'}`}
      />
      <ul id={listId} role="listbox" aria-label={`${label}: results`} hidden={!open} className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-auto rounded-md border border-border bg-background p-1 shadow-lg" data-picker-results={kind}>
        {loading && <li role="presentation" className="px-3 py-2 text-sm text-muted-foreground">Searching…</li>}
        {error && <li role="presentation" className="px-3 py-2 text-sm text-red-700">{error}</li>}
        {!loading && !error && shown.length === 0 && <li role="presentation" className="px-3 py-2 text-sm text-muted-foreground">No {PICKER_WORDS[kind].one} found{q ? ` for “${q}”` : ''}.</li>}
        {!loading &&
          shown.map((choice, i) => (
            <li
              key={choice.slug}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(choice)}
              onMouseMove={() => setActive(i)}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm ${i === active ? 'bg-muted outline outline-1 outline-primary' : ''}`}
            >
              <ChoiceLine choice={choice} />
            </li>
          ))}
      </ul>
    </div>
  );
}

function ChoiceLine({ choice, slug }: { choice: Choice | undefined; slug?: string }) {
  const image = choice?.image ? safeUrl(choice.image, 'web') : null;
  return (
    <>
      {image ? <img src={image} alt="" className="size-9 shrink-0 rounded object-contain" /> : null}
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{choice?.name ?? slug}</span>
        {(choice?.hint || !choice) && <span className="truncate text-xs text-muted-foreground">{choice ? choice.hint : 'Looking up…'}</span>}
      </span>
    </>
  );
}

/** One product, category, brand or supplier: the chosen one's name, a search to change it, and Clear. */
export function SinglePicker({ kind, path, label, value, onChange }: { kind: PickerKind; path: Path; label: string; value: string; onChange: (slug: string) => void }) {
  const { errors } = useEditorContext();
  const name = useNames(kind, value ? [value] : []);
  const id = fieldId(path);
  const problems = errorsAt(errors, path);
  return (
    <div className="flex flex-col gap-1" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm font-medium">{label}</span>
      {value && (
        <div className="flex items-center gap-2 rounded-md border border-border px-2 py-1" data-chosen={value}>
          <ChoiceLine choice={name(value)} slug={value} />
          <button type="button" className={`${SMALL_BUTTON} ml-auto`} onClick={() => onChange('')} aria-label={`Clear ${label.toLowerCase()}: ${name(value)?.name ?? value}`}>Clear</button>
        </div>
      )}
      <SearchBox kind={kind} inputId={id} label={value ? `Change ${label.toLowerCase()}` : `Choose a ${PICKER_WORDS[kind].one}`} describedBy={problems.length ? `${id}-error` : undefined} invalid={problems.length > 0} onChoose={(c) => onChange(c.slug)} exclude={[value]} />
      <Problems id={`${id}-error`} problems={problems} />
    </div>
  );
}

/** Several: the chosen ones in order (move up and down, remove), and a search to add more. */
export function MultiPicker({ kind, path, label, value, max, onChange }: { kind: PickerKind; path: Path; label: string; value: string[]; max?: number; onChange: (slugs: string[]) => void }) {
  const { errors } = useEditorContext();
  const name = useNames(kind, value);
  const id = fieldId(path);
  const problems = errorsAt(errors, path);
  const full = max !== undefined && value.length >= max;
  return (
    <div className="flex flex-col gap-1" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm font-medium">
        {label} <span className="font-normal text-muted-foreground">({value.length ? `${value.length} chosen` : kind === 'product' ? 'none: the category or brand below' : 'none: every one'})</span>
      </span>
      {value.length > 0 && (
        <ol className="flex flex-col gap-1" data-chosen-list={kind}>
          {value.map((slug, i) => {
            const shown = name(slug)?.name ?? slug;
            const itemProblems = errorsAt(errors, [...path, i]);
            return (
              <li key={`${slug}-${i}`} className={`flex items-center gap-2 rounded-md border px-2 py-1 ${itemProblems.length ? 'border-red-600' : 'border-border'}`} data-chosen={slug}>
                <span className="w-5 text-right text-xs text-muted-foreground">{i + 1}</span>
                <span className="flex min-w-0 flex-1 items-center gap-2">
                  <ChoiceLine choice={name(slug)} slug={slug} />
                </span>
                {itemProblems.length > 0 && <Problems id={`${fieldId([...path, i])}-error`} problems={itemProblems} />}
                <span className="flex shrink-0 gap-1">
                  <button type="button" className={SMALL_BUTTON} disabled={i === 0} onClick={() => onChange(moveItem(value, i, i - 1))} aria-label={`Move ${shown} up`}>↑</button>
                  <button type="button" className={SMALL_BUTTON} disabled={i === value.length - 1} onClick={() => onChange(moveItem(value, i, i + 1))} aria-label={`Move ${shown} down`}>↓</button>
                  <button type="button" className={SMALL_BUTTON} onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={`Remove ${shown}`}>Remove</button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {full ? (
        <p className="text-xs text-muted-foreground">At most {max}: remove one to add another.</p>
      ) : (
        <SearchBox kind={kind} inputId={id} label={`Add a ${PICKER_WORDS[kind].one} to ${label.toLowerCase()}`} describedBy={problems.length ? `${id}-error` : undefined} invalid={problems.length > 0} onChoose={(c) => onChange([...value, c.slug])} exclude={value} />
      )}
      <Problems id={`${id}-error`} problems={problems} />
    </div>
  );
}
