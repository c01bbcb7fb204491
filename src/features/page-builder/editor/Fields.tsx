import { lazy, Suspense, useId, type ReactNode } from 'react';
import { safeUrl } from '../../../contract/safe-url';
import { useHydrated } from '../../../ui/use-hydrated';
import { fieldId, useEditorContext } from './context';
import { errorsAt, fieldValue, getAt, itemValue, labelOf, moveItem, OPTION_LABELS, setAt, type FieldModel, type Path } from './form-model';
import { ChooseImage } from '../media/ChooseImage';
import { pickedImage } from '../media/choose';
import { MultiPicker, SinglePicker } from './Picker';
import { INPUT, Problems, SMALL_BUTTON } from './parts';

const RichText = lazy(() => import('./RichText'));


/** The rich-text editor, drawn in the browser only (on the server, and until it has loaded, a line says it is coming). */
function RichTextWhenAwake(props: { id: string; describedBy?: string; invalid: boolean; value: string; onChange: (html: string) => void; label: string }) {
  const awake = useHydrated();
  const waiting = <p className="min-h-32 rounded-md border border-border p-3 text-sm text-muted-foreground">Loading the text editor…</p>;
  return awake ? (
    <Suspense fallback={waiting}>
      <RichText {...props} />
    </Suspense>
  ) : (
    waiting
  );
}

/** Sets a value of the document by its path (from the document's root). */
function useSetter() {
  const { editor } = useEditorContext();
  return (path: Path, value: unknown) => editor.edit((list) => (getAt(list.doc, path) === value ? list : { ...list, doc: setAt(list.doc, path, value) }));
}

/** A field's label, description and problems around its control, wired with ids (aria-describedby, aria-invalid). */
export function FieldShell({ path, label, required, description, hint, children }: { path: Path; label: string; required?: boolean; description?: string; hint?: string; children: (a: { id: string; describedBy?: string; invalid: boolean }) => ReactNode }) {
  const { errors } = useEditorContext();
  const id = fieldId(path);
  const problems = errorsAt(errors, path);
  const describedBy = [problems.length && `${id}-error`, (description || hint) && `${id}-desc`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && <span className="ml-0.5 text-red-700" aria-hidden="true">*</span>}
      </label>
      {children({ id, describedBy, invalid: problems.length > 0 })}
      <Problems id={`${id}-error`} problems={problems} />
      {(description || hint) && <p id={`${id}-desc`} className="text-xs text-muted-foreground">{description ?? hint}</p>}
    </div>
  );
}


const HINTS: Partial<Record<string, string>> = {
  link: 'A path of this shop (/offers) or a web address (https://…). Leave empty for none.',
  image: 'A path of this shop (/media/…) or an https address.',
};

/** One field of a block, drawn from its model. `path` is from the document's root (components.2.data.slides.0.image). */
function FieldEditor({ model, path, value, altPath }: { model: FieldModel; path: Path; value: unknown; altPath?: Path }) {
  const set = useSetter();
  const { editor, canEdit } = useEditorContext();
  const change = (raw: unknown) => set(path, fieldValue(model, raw));
  switch (model.kind) {
    case 'string':
      if (model.widget === 'richtext')
        return (
          <FieldShell path={path} label={model.label} hint="Headings, bold, italic, lists and links; the shop keeps only safe HTML.">
            {(a) => (
              <RichTextWhenAwake {...a} value={String(value ?? '')} onChange={change} label={model.label} />
            )}
          </FieldShell>
        );
      if (model.widget === 'product' || model.widget === 'category' || model.widget === 'brand' || model.widget === 'supplier')
        return <SinglePicker kind={model.widget} path={path} label={model.label} value={typeof value === 'string' ? value : ''} onChange={change} />;
      return (
        <FieldShell path={path} label={model.label} required={model.required && (model.min ?? 0) > 0} description={model.description} hint={HINTS[model.widget]}>
          {(a) => (
            <div className="flex items-start gap-2">
              {model.widget === 'textarea' ? (
                <textarea id={a.id} aria-describedby={a.describedBy} aria-invalid={a.invalid || undefined} maxLength={model.max} rows={3} value={String(value ?? '')} onChange={(e) => change(e.target.value)} className={`${INPUT} py-2 ${a.invalid ? 'border-red-600' : 'border-border'}`} />
              ) : (
                <input id={a.id} type="text" aria-describedby={a.describedBy} aria-invalid={a.invalid || undefined} maxLength={model.max} value={String(value ?? '')} onChange={(e) => change(e.target.value)} className={`${INPUT} ${a.invalid ? 'border-red-600' : 'border-border'}`} spellCheck={model.widget === 'text'} />
              )}
              {model.widget === 'image' && <Thumb src={String(value ?? '')} />}
              {model.widget === 'image' && canEdit && (
                <ChooseImage
                  label={model.label}
                  className={`${SMALL_BUTTON} min-h-11 shrink-0`}
                  onPick={(item) =>
                    editor.edit((list) => {
                      const picked = pickedImage(item, altPath ? String(getAt(list.doc, altPath) ?? '') : undefined);
                      const doc = setAt(list.doc, path, picked.url);
                      return { ...list, doc: picked.alt !== undefined && altPath ? setAt(doc, altPath, picked.alt) : doc };
                    })
                  }
                />
              )}
            </div>
          )}
        </FieldShell>
      );
    case 'number':
      return (
        <FieldShell path={path} label={model.label} hint={[model.min !== undefined && `From ${model.min}`, model.max !== undefined && `to ${model.max}`].filter(Boolean).join(' ') || undefined}>
          {(a) => (
            <input id={a.id} type="number" inputMode="numeric" min={model.min} max={model.max} step={model.integer ? 1 : 'any'} aria-describedby={a.describedBy} aria-invalid={a.invalid || undefined} value={value === undefined || value === null ? '' : String(value)} placeholder={model.defaultValue !== undefined ? String(model.defaultValue) : undefined} onChange={(e) => change(e.target.value)} className={`${INPUT} max-w-40 ${a.invalid ? 'border-red-600' : 'border-border'}`} />
          )}
        </FieldShell>
      );
    case 'boolean':
      return <CheckField path={path} label={model.label} checked={Boolean(value ?? model.defaultValue)} onChange={change} />;
    case 'enum':
      return (
        <FieldShell path={path} label={model.label}>
          {(a) => (
            <select id={a.id} aria-describedby={a.describedBy} aria-invalid={a.invalid || undefined} value={String(value ?? '')} onChange={(e) => change(e.target.value)} className={`${INPUT} max-w-72 ${a.invalid ? 'border-red-600' : 'border-border'}`}>
              {!model.required && <option value="">{model.defaultValue !== undefined ? `Default (${OPTION_LABELS[String(model.defaultValue)] ?? String(model.defaultValue)})` : 'Not set'}</option>}
              {model.options.map((o) => (
                <option key={o} value={o}>
                  {OPTION_LABELS[o] ?? o}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
      );
    case 'object':
      return (
        <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
          <legend className="px-1 text-sm font-semibold">{model.label}</legend>
          <ObjectFields fields={model.fields} path={path} value={value} />
        </fieldset>
      );
    case 'list':
      return <ListField model={model} path={path} value={Array.isArray(value) ? value : []} />;
    default:
      return null;
  }
}

/** An object's fields, and the object's own problems (a rule across fields: "Choose one of category, brand or products"). */
export function ObjectFields({ fields, path, value }: { fields: FieldModel[]; path: Path; value: unknown }) {
  const { errors } = useEditorContext();
  const altPath = fields.some((f) => f.key === 'alt') ? [...path, 'alt'] : undefined;
  return (
    <>
      <Problems id={`${fieldId(path)}-error`} problems={errorsAt(errors, path)} />
      {fields.map((f) => (
        <FieldEditor key={f.key} model={f} path={[...path, f.key]} value={getAt(value, [f.key])} altPath={altPath} />
      ))}
    </>
  );
}

export function CheckField({ path, label, checked, onChange, hint }: { path: Path; label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  const id = fieldId(path);
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="flex min-h-9 items-center gap-2 text-sm">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-4 accent-[var(--color-primary)]" aria-describedby={hint ? `${id}-desc` : undefined} />
        {label}
      </label>
      {hint && <p id={`${id}-desc`} className="pl-6 text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

function Thumb({ src }: { src: string }) {
  const safe = src ? safeUrl(src, 'web') : null;
  return safe ? <img src={safe} alt="" className="size-11 shrink-0 rounded border border-border object-cover" /> : <span aria-hidden="true" className="size-11 shrink-0 rounded border border-dashed border-border" />;
}

/** A list: pickers for slugs; else items with add, remove and move up/down (each item an object's fields or a text). */
function ListField({ model, path, value }: { model: Extract<FieldModel, { kind: 'list' }>; path: Path; value: unknown[] }) {
  const set = useSetter();
  const { errors } = useEditorContext();
  const headingId = useId();
  const item = model.item;
  if (item.kind === 'string' && (item.widget === 'product' || item.widget === 'category' || item.widget === 'brand' || item.widget === 'supplier'))
    return <MultiPicker kind={item.widget} path={path} label={model.label} max={model.max} value={value.map(String)} onChange={(next) => set(path, next.length || model.required ? next : undefined)} />;
  const noun = singular(model.key);
  const full = model.max !== undefined && value.length >= model.max;
  const atMin = model.min !== undefined && value.length <= model.min;
  const setList = (next: unknown[]) => set(path, next.length || model.required ? next : undefined);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" id={fieldId(path)} tabIndex={-1}>
      <h4 id={headingId} className="text-sm font-semibold">
        {model.label} <span className="font-normal text-muted-foreground">({value.length}{model.max !== undefined ? ` of at most ${model.max}` : ''})</span>
      </h4>
      <Problems id={`${fieldId(path)}-error`} problems={errorsAt(errors, path)} />
      <ol className="flex flex-col gap-2">
        {value.map((entry, i) => {
          const name = `${noun} ${i + 1}`;
          return (
            <li key={i} className="flex flex-col gap-2 rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium">{name}</span>
                <span className="flex gap-1">
                  <button type="button" className={SMALL_BUTTON} disabled={i === 0} onClick={() => setList(moveItem(value, i, i - 1))} aria-label={`Move ${name} up`}>↑</button>
                  <button type="button" className={SMALL_BUTTON} disabled={i === value.length - 1} onClick={() => setList(moveItem(value, i, i + 1))} aria-label={`Move ${name} down`}>↓</button>
                  <button type="button" className={SMALL_BUTTON} disabled={atMin} onClick={() => setList(value.filter((_, j) => j !== i))} aria-label={`Remove ${name}`}>Remove</button>
                </span>
              </div>
              {item.kind === 'object' ? <ObjectFields fields={item.fields} path={[...path, i]} value={entry} /> : <FieldEditor model={{ ...item, label: name }} path={[...path, i]} value={entry} />}
            </li>
          );
        })}
      </ol>
      <button type="button" className={`${SMALL_BUTTON} self-start`} disabled={full} onClick={() => setList([...value, itemValue(item)])}>
        + Add {noun.toLowerCase()}
      </button>
    </section>
  );
}

const singular = (key: string) => {
  const label = labelOf(key);
  return label.endsWith('s') ? label.slice(0, -1) : label;
};
