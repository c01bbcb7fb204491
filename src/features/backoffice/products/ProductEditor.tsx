import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { IMAGES_MAX, PACKS_MAX, type BosProduct, type BosProductOptions } from '../../../contract/bos-products';
import { safeUrl } from '../../../contract/safe-url';
import { bosProductsApi } from '../../../lib/api/bos-products';
import { useConfirm } from '../../../ui/Confirm';
import { Field } from '../../../ui/Field';
import { useHydrated } from '../../../ui/use-hydrated';
import { ChooseImage } from '../../page-builder/media/ChooseImage';
import { createProductEditor, shownProblems, type EditorApi } from './editor-store';
import {
  addImage, addPack, emptyForm, firstProblem, formFromProduct, moveImage, movePack, packLabel, removeImage, removePack, removePackQuestion, removeQuestion, withName, withPack, withSlug,
  type PackForm, type Problems, type ProductForm,
} from './form';

const RichTextEditor = lazy(() => import('../../../ui/RichTextEditor'));

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const SMALL = `inline-flex min-h-9 min-w-9 items-center justify-center rounded-md border border-border px-2.5 text-sm hover:bg-muted disabled:opacity-50 ${FOCUS}`;
const LINK = `text-primary underline underline-offset-2 ${FOCUS}`;

/** The product calls, made in the browser only (the page is drawn on the server first, where no call is made). */
const api: EditorApi = {
  bosProduct: (...a) => bosProductsApi().bosProduct(...a),
  bosCreateProduct: (...a) => bosProductsApi().bosCreateProduct(...a),
  bosSaveProduct: (...a) => bosProductsApi().bosSaveProduct(...a),
  bosRemoveProduct: (...a) => bosProductsApi().bosRemoveProduct(...a),
};

export interface ProductEditorProps {
  /** The product to edit; null for a new one. */
  product: BosProduct | null;
  options: BosProductOptions;
  /** Just created (the new product's page, after its first save). */
  created?: boolean;
}

/**
 * /bos/admin/products/new and /{id}: a product's name, address, description, category, brand and supplier, images
 * from the media library, and its packs (added, removed after a confirm step, dragged or moved with the keyboard
 * into the order shoppers see). Problems are said under their fields as the contract's rules find them, before
 * sending, and as the API refuses them after; the focus goes to the first. Leaving with unsaved changes asks
 * first. Hide (or delete, when no order holds it) says what it will do before it is done.
 */
export default function ProductEditor({ product, options, created = false }: ProductEditorProps) {
  const editor = useMemo(
    () =>
      createProductEditor(api, {
        product,
        form: product ? formFromProduct(product) : emptyForm(options),
        report: created && product ? { tone: 'success', text: `Created. ${product.status === 'active' ? `Shoppers see it now at ${product.url}.` : 'It is hidden: shoppers do not see it yet.'}` } : null,
      }),
    [],
  );
  const state = useStore(editor.$state);
  const hydrated = useHydrated();
  const { form } = state;
  const problems = shownProblems(state);
  const [confirmDialog, ask] = useConfirm();
  const formRef = useRef<HTMLDivElement>(null);
  const reportRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const leaving = (event: BeforeUnloadEvent) => {
      if (!editor.unsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', leaving);
    return () => removeEventListener('beforeunload', leaving);
  }, [editor]);

  /** The focus to the first problem's field (the description's editor, a pack's field…), else to the report. */
  const focusProblem = (found: Problems) => {
    setTimeout(() => {
      const path = firstProblem(found, editor.$state.get().form);
      const field = path && (path === 'description' ? document.getElementById('product-description') : formRef.current?.querySelector<HTMLElement>(`[name="${CSS_ESCAPE(path)}"]`));
      if (field) {
        field.scrollIntoView({ block: 'center' });
        field.focus();
      } else reportRef.current?.focus();
    }, 30);
  };
  const onSave = async () => {
    const found = await editor.save((href) => location.assign(href));
    if (found) focusProblem(found);
    else reportRef.current?.focus();
  };
  /** Enter in a one-line field saves, as a form's would (the editor is no <form>: see below). */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.defaultPrevented || !(at instanceof HTMLInputElement) || at.closest('dialog, [data-media-upload]') || ['checkbox', 'radio', 'file', 'button', 'submit'].includes(at.type)) return;
    event.preventDefault();
    if (hydrated) void onSave();
  };
  const onRemove = async () => {
    const saved = editor.$state.get().product;
    if (!saved) return;
    const question = removeQuestion(saved);
    const yes = await ask({ title: question.title, message: question.message, confirmText: question.confirm, cancelText: 'Keep it' });
    if (yes && (await editor.remove((href) => location.assign(href)))) reportRef.current?.focus();
  };

  const set = (next: ProductForm) => editor.change(next);
  const unsaved = editor.unsaved();
  const saving = state.busy === 'saving';
  const live = state.product && state.product.status === 'active' ? safeUrl(state.product.url, 'web') : null;
  const title = state.product ? state.product.name : form.name.trim() || 'New product';

  return (
    // Not a <form>: the media library's picker (with its upload form) opens inside, and forms do not nest.
    <div ref={formRef} onKeyDown={onKeyDown} className="flex flex-col gap-5" data-product-editor>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <a href="/bos/admin/products" className={`text-sm ${LINK}`}>← Products</a>
          <h1 id="product-title" className="text-2xl font-semibold">
            {state.product ? <><span className="sr-only">Edit </span>{title}</> : 'New product'}
            {state.product?.status === 'hidden' && <span className="ml-3 inline-block rounded-full border border-border bg-muted px-2 py-0.5 align-middle text-xs font-semibold" data-product-status>Hidden</span>}
          </h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {live && <a href={live} target="_blank" rel="noopener noreferrer" className={`${BUTTON} border border-border`} data-view-in-shop>View in shop<span className="sr-only"> (opens in a new tab)</span></a>}
          <SaveButton unsaved={unsaved} saving={saving} ready={hydrated} isNew={!state.product} onSave={() => void onSave()} />
        </div>
      </header>

      {state.conflict && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-product-conflict>
          <p>{state.conflict}</p>
          <button type="button" className={`${SMALL} bg-background`} onClick={() => location.reload()}>Reload the product</button>
        </div>
      )}
      <div ref={reportRef} tabIndex={-1} role="status" aria-live="polite" className="outline-none" data-product-report>
        {state.report && (
          <p className={`rounded-md p-3 text-sm ${state.report.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>
            {state.report.text}
            {problems._ && <> {problems._}</>}
            {state.report.tone === 'success' && live && <> <a href={live} target="_blank" rel="noopener noreferrer" className={`font-medium ${LINK}`}>Open {state.product!.url}<span className="sr-only"> (opens in a new tab)</span></a></>}
          </p>
        )}
      </div>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="product-details" className="flex flex-col gap-4 rounded-lg border border-border p-4">
          <h2 id="product-details" className="text-lg font-semibold">Details</h2>
          <Field name="name" label="Name" required value={form.name} onChange={(v) => set(withName(form, String(v)))} error={problems.name} />
          <Field
            name="name_hi"
            label="Name in Hindi"
            placeholder="अरहर दाल"
            value={form.name_hi}
            onChange={(v) => set({ ...form, name_hi: String(v) })}
            error={problems.name_hi}
            description="Shown on the shop's Hindi pages; left blank, they show the English name"
          />
          <Field
            name="slug"
            label="Address in the shop"
            value={form.slug}
            onChange={(v) => set(withSlug(form, String(v)))}
            error={problems.slug}
            description={`/products/${form.slug.trim() || '…'}${form.slug_typed ? '' : ' (made from the name until you change it)'}${state.product && state.product.old_slugs.length > 0 ? `. Old addresses that lead here: ${state.product.old_slugs.map((s) => `/products/${s}`).join(', ')}` : state.product ? '. Change it and the old address still leads here.' : ''}`}
          />
          <Description value={form.description} onChange={(description) => set({ ...form, description })} error={problems.description} />
          <Field
            name="description_hi"
            type="textarea"
            label="Description in Hindi"
            value={form.description_hi}
            onChange={(v) => set({ ...form, description_hi: String(v) })}
            error={problems.description_hi}
            description="Shown on the shop's Hindi pages; left blank, they show the English description"
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <Field name="category_id" type="select" label="Category" required placeholder="Choose…" value={form.category_id} onChange={(v) => set({ ...form, category_id: String(v) })} error={problems.category_id} options={options.categories.map((c) => ({ value: String(c.id), label: c.path || c.name }))} />
            <Field name="brand_id" type="select" label="Brand" required placeholder="Choose…" value={form.brand_id} onChange={(v) => set({ ...form, brand_id: String(v) })} error={problems.brand_id} options={options.brands.map((b) => ({ value: String(b.id), label: b.name }))} />
            <Field name="supplier_id" type="select" label="Supplier" placeholder="None" value={form.supplier_id} onChange={(v) => set({ ...form, supplier_id: String(v) })} error={problems.supplier_id} options={options.suppliers.map((s) => ({ value: String(s.id), label: s.name }))} />
          </div>
          <Field
            name="status"
            type="radio"
            label="Status"
            value={form.status}
            onChange={(v) => set({ ...form, status: v === 'hidden' ? 'hidden' : 'active' })}
            error={problems.status}
            options={[{ value: 'active', label: 'On sale: shoppers find and buy it' }, { value: 'hidden', label: 'Hidden: shoppers do not see it' }]}
          />
        </section>
        <Images form={form} set={set} error={problems.images} />
      </div>

      <Packs form={form} set={set} options={options} problems={problems} ask={ask} />

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
        <div className="flex flex-wrap items-center gap-3">
          <SaveButton unsaved={unsaved} saving={saving} ready={hydrated} isNew={!state.product} onSave={() => void onSave()} />
          <span className="text-sm text-muted-foreground" aria-live="polite" data-save-state={unsaved ? 'unsaved' : 'saved'}>{unsaved ? 'Changes not saved yet.' : state.product ? 'Everything is saved.' : ''}</span>
        </div>
        {state.product && (
          <button type="button" onClick={() => void onRemove()} disabled={state.busy !== null} aria-busy={state.busy === 'removing' || undefined} className={`${BUTTON} border border-red-700 text-red-800 hover:bg-red-50`} data-product-remove>
            {state.product.on_orders ? (state.product.status === 'hidden' ? 'Hidden (orders hold it)' : 'Hide product') : 'Delete product'}
          </button>
        )}
      </div>
      {confirmDialog}
    </div>
  );
}

/** `CSS.escape` of the browser (dnd-kit's CSS is another thing): a field's name as a selector. */
const CSS_ESCAPE = (text: string) => (typeof globalThis.CSS?.escape === 'function' ? globalThis.CSS.escape(text) : text.replace(/"/g, '\\"'));

/** Save, once the island is awake. */
function SaveButton({ unsaved, saving, ready, isNew, onSave }: { unsaved: boolean; saving: boolean; ready: boolean; isNew: boolean; onSave: () => void }) {
  return (
    <button type="button" onClick={onSave} disabled={saving || !ready} aria-busy={saving || undefined} className={`${BUTTON} bg-primary text-primary-foreground`} data-product-save>
      {saving ? 'Saving…' : isNew ? 'Create product' : unsaved ? 'Save changes' : 'Save'}
    </button>
  );
}

function Description({ value, onChange, error }: { value: string; onChange: (html: string) => void; error?: string }) {
  const hint = useId();
  // The editor (Tiptap) loads in the browser only: drawn on the server, its lazy part would stop the page's render.
  const hydrated = useHydrated();
  const waiting = <div className="min-h-40 rounded-md border border-border bg-muted/30" aria-hidden="true" />;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium" id="product-description-label">Description</span>
      {hydrated ? (
        <Suspense fallback={waiting}>
          <RichTextEditor id="product-description" label="Description" value={value} onChange={onChange} invalid={Boolean(error)} describedBy={`${hint}${error ? ` ${hint}-error` : ''}`} />
        </Suspense>
      ) : (
        waiting
      )}
      <p id={hint} className="text-xs text-muted-foreground">Shown on the product’s page. Headings, lists and links are kept; anything else is cleaned away.</p>
      {error && <p id={`${hint}-error`} role="alert" className="text-xs text-red-600">{error}</p>}
    </div>
  );
}

function Images({ form, set, error }: { form: ProductForm; set: (form: ProductForm) => void; error?: string }) {
  return (
    <section aria-labelledby="product-images" className="flex flex-col gap-3 rounded-lg border border-border p-4" data-product-images>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="product-images" className="text-lg font-semibold">Images</h2>
        <span className="text-sm text-muted-foreground">{form.images.length} of at most {IMAGES_MAX}; the first is the card’s</span>
      </div>
      {form.images.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">No image yet: shoppers see the shop’s placeholder.</p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Images, in the order shoppers see them">
          {form.images.map((image, i) => {
            const src = safeUrl(image.src, 'web');
            return (
              <li key={image.src} className="flex flex-col gap-1 rounded-md border border-border p-2" data-product-image={image.src}>
                {src ? <img src={src} alt={`Image ${i + 1}`} width="120" height="120" loading="lazy" className="aspect-square w-full rounded bg-muted object-contain" /> : <span className="text-xs">{image.src}</span>}
                <div className="flex flex-wrap gap-1" role="group" aria-label={`Image ${i + 1}`}>
                  <button type="button" className={SMALL} disabled={i === 0} onClick={() => set(moveImage(form, i, i - 1))} aria-label={`Move image ${i + 1} earlier`}>←</button>
                  <button type="button" className={SMALL} disabled={i === form.images.length - 1} onClick={() => set(moveImage(form, i, i + 1))} aria-label={`Move image ${i + 1} later`}>→</button>
                  <button type="button" className={`${SMALL} text-red-800`} onClick={() => set(removeImage(form, i))} aria-label={`Remove image ${i + 1} from the product`}>Remove</button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {error && <p role="alert" className="text-xs text-red-600">{error}</p>}
      {form.images.length < IMAGES_MAX && (
        <div>
          <ChooseImage label="an image of the product" className={`${BUTTON} border border-border`} onPick={(item) => set(addImage(form, item.url))} />
          <p className="mt-1 text-xs text-muted-foreground">From the media library; upload a new one there too.</p>
        </div>
      )}
    </section>
  );
}

function Packs({ form, set, options, problems, ask }: { form: ProductForm; set: (form: ProductForm) => void; options: BosProductOptions; problems: Problems; ask: ReturnType<typeof useConfirm>[1] }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const keys = form.packs.map((p) => p.key);
  const nameOf = (id: string | number) => {
    const i = keys.indexOf(String(id));
    return i < 0 ? 'the pack' : packLabel(form.packs[i]!, i);
  };
  const place = (id: string | number | undefined) => (id === undefined ? '' : `${keys.indexOf(String(id)) + 1} of ${keys.length}`);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up pack ${nameOf(active.id)}, at ${place(active.id)}. Use the up and down arrows to move it, Space to drop it, Escape to put it back.`,
    onDragOver: ({ active, over }) => (over ? `Pack ${nameOf(active.id)} is over place ${place(over.id)}.` : `Pack ${nameOf(active.id)} is not over a place.`),
    onDragEnd: ({ active, over }) => (over ? `Pack ${nameOf(active.id)} dropped at place ${place(over.id)}.` : `Pack ${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving pack ${nameOf(active.id)} cancelled: it is back where it was.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    set(movePack(form, keys.indexOf(String(active.id)), keys.indexOf(String(over.id))));
  };
  const onRemove = async (pack: PackForm, index: number) => {
    const yes = await ask({ title: 'Remove pack', message: removePackQuestion(pack, index), confirmText: `Remove ${packLabel(pack, index)}`, cancelText: 'Keep it' });
    if (yes) set(removePack(form, pack.key));
  };
  return (
    <section aria-labelledby="product-packs" className="flex flex-col gap-3" data-product-packs>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="product-packs" className="text-lg font-semibold">Packs <span className="text-sm font-normal text-muted-foreground">({form.packs.length})</span></h2>
        <span className="text-sm text-muted-foreground">In the order shoppers see them: drag a pack by its handle, or focus the handle and use Space and the arrows.</span>
      </div>
      {problems.packs && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">{problems.packs}</p>}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: 'To move a pack, press Space on its handle, use the up and down arrows, then press Space again to drop it or Escape to cancel.' } }}>
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <ol className="flex flex-col gap-3" aria-label="Packs of the product">
            {form.packs.map((pack, i) => (
              <PackCard key={pack.key} pack={pack} index={i} count={form.packs.length} options={options} problems={problems} onChange={(change) => set(withPack(form, pack.key, change))} onRemove={() => void onRemove(pack, i)} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div>
        <button type="button" className={`${BUTTON} border border-border`} disabled={form.packs.length >= PACKS_MAX} onClick={() => set(addPack(form, options))} data-add-pack>
          Add a pack
        </button>
        {form.packs.length >= PACKS_MAX && <span className="ml-3 text-sm text-muted-foreground">At most {PACKS_MAX} packs.</span>}
      </div>
    </section>
  );
}

function PackCard({ pack, index, count, options, problems, onChange, onRemove }: {
  pack: PackForm; index: number; count: number; options: BosProductOptions; problems: Problems; onChange: (change: Partial<PackForm>) => void; onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: pack.key });
  const at = (field: string) => problems[`packs.${index}.${field}`];
  const name = (field: string) => `packs.${index}.${field}`;
  const label = packLabel(pack, index);
  const warehouse = options.warehouses.find((w) => String(w.id) === pack.warehouse_id);
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={`rounded-lg border border-border bg-background p-3 ${isDragging ? 'relative z-10 shadow-lg' : ''}`} data-pack-card={index}>
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Pack {index + 1} of {count}: {pack.name.trim() || 'new'}</legend>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <button type="button" ref={setActivatorNodeRef} {...attributes} {...listeners} className={`${SMALL} cursor-grab touch-none`} aria-label={`Move pack ${label}, now ${index + 1} of ${count}`} aria-roledescription="sortable">
              <span aria-hidden="true">⠿</span>
            </button>
            <span className="font-medium">{pack.name.trim() || `Pack ${index + 1}`}</span>
            {pack.id === undefined && <span className="rounded-full bg-muted px-2 py-0.5 text-xs">New</span>}
          </div>
          <button type="button" className={`${SMALL} text-red-800 hover:bg-red-50`} onClick={onRemove} aria-label={`Remove pack ${label}`} data-remove-pack>Remove</button>
        </div>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
          <Field name={name('name')} label="Pack name" required placeholder="1 kg" value={pack.name} onChange={(v) => onChange({ name: String(v) })} error={at('name')} />
          <Field name={name('name_hi')} label="Pack name in Hindi" placeholder="1 किलो" value={pack.name_hi} onChange={(v) => onChange({ name_hi: String(v) })} error={at('name_hi')} />
          <Field name={name('price')} label="Price (₹)" required inputMode="decimal" value={pack.price} onChange={(v) => onChange({ price: String(v) })} error={at('price')} />
          <Field name={name('mrp')} label="MRP (₹)" required inputMode="decimal" value={pack.mrp} onChange={(v) => onChange({ mrp: String(v) })} error={at('mrp')} />
          <Field name={name('max_per_order')} label="Most per order" required inputMode="numeric" value={pack.max_per_order} onChange={(v) => onChange({ max_per_order: String(v) })} error={at('max_per_order')} />
          <Field name={name('barcode')} label="Barcode (EAN-13)" inputMode="numeric" value={pack.barcode} onChange={(v) => onChange({ barcode: String(v) })} error={at('barcode')} />
          {pack.id === undefined ? (
            <>
              <Field name={name('warehouse_id')} type="select" label="Ships from" required placeholder="Choose…" value={pack.warehouse_id} onChange={(v) => onChange({ warehouse_id: String(v) })} error={at('warehouse_id')} options={options.warehouses.map((w) => ({ value: String(w.id), label: `${w.name} (${w.code})` }))} />
              <Field name={name('opening_stock')} label="Opening stock" inputMode="numeric" value={pack.opening_stock} onChange={(v) => onChange({ opening_stock: String(v) })} error={at('opening_stock')} description="Units on the shelf now" />
            </>
          ) : (
            <div className="flex flex-col gap-1 md:col-span-2 xl:col-span-2" data-pack-stock>
              <span className="text-sm font-medium">Stock</span>
              {pack.stock.map((s) => (
                <p key={s.warehouse_id} className="flex min-h-11 flex-wrap items-center gap-x-2 text-sm">
                  <span className="font-semibold tabular-nums">{s.level.toLocaleString('en-IN')}</span> in {s.warehouse_name}
                  <a href={`/bos/admin/stock/${pack.id}?warehouse=${s.warehouse_id}`} className={LINK}>Ledger and adjust<span className="sr-only"> the stock of {label} in {s.warehouse_name}</span></a>
                </p>
              ))}
              {pack.stock.length === 0 && <p className="text-sm text-muted-foreground">Ships from {warehouse?.name ?? `warehouse #${pack.warehouse_id}`}</p>}
            </div>
          )}
        </div>
        <Field name={name('active')} type="checkbox" label="Active: shoppers can buy this pack" value={pack.active} onChange={(v) => onChange({ active: Boolean(v) })} error={at('active')} />
      </fieldset>
    </li>
  );
}
