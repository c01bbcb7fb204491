import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type DragMoveEvent, type DragOverEvent, type DragStartEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { BosCategory, BosCategoryTree } from '../../../contract/bos-catalogue';
import { plural } from '../../../contract/plural';
import { safeUrl } from '../../../contract/safe-url';
import { bosCatalogueApi } from '../../../lib/api/bos-catalogue';
import { useConfirm } from '../../../ui/Confirm';
import { Field } from '../../../ui/Field';
import { useHydrated } from '../../../ui/use-hydrated';
import { isDirty } from './lists';
import { DANGER, FOCUS, FormDialog, ICON, ImageField, PRIMARY, Report, SECONDARY } from './parts';
import { categoryChoices, draggableRows, flatten, keyboardMove, pathName, placeText, possibleMoves, projectDrop, type KeyMove, type Row } from './tree';
import { $tree, categoryFormOf, EMPTY_CATEGORY, moveCategory, removeCategory, removeCategoryQuestion, saveCategory, seededTree, seedTree, type CategoryForm, type TreeState } from './tree-store';

/** How far right a level is drawn, and how far a drag must go sideways to change a level (px). */
const INDENT = 28;

/** Alt+arrows in a row: up or down among its siblings, in under the one above, out a level. */
const KEY_MOVES: Record<string, KeyMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'in', ArrowLeft: 'out' };
const MOVE_BUTTONS: { move: KeyMove; icon: string; label: (name: string) => string; keys: string }[] = [
  { move: 'up', icon: '↑', label: (n) => `Move ${n} up`, keys: 'Alt+↑' },
  { move: 'down', icon: '↓', label: (n) => `Move ${n} down`, keys: 'Alt+↓' },
  { move: 'out', icon: '←', label: (n) => `Move ${n} out a level`, keys: 'Alt+←' },
  { move: 'in', icon: '→', label: (n) => `Move ${n} in, under the one above`, keys: 'Alt+→' },
];

/**
 * /bos/admin/catalogue: the category tree. Each category with its picture, slug and what it holds; dragged by its
 * handle to another place or level (what is below it goes with it), or moved with the buttons and Alt+arrows (up,
 * down, out a level, in under the one above), each move one call the API judges (no loops, at most five levels);
 * added at the top or under another, edited (name, slug, picture) in a form dialog, removed after the Confirm
 * dialog (choosing where its products and subcategories go). Server-rendered; hydrated on load.
 */
export default function CategoriesScreen(props: { tree: BosCategoryTree; canChooseMedia: boolean }) {
  const hydrated = useHydrated();
  const live = useStore($tree);
  useEffect(() => seedTree(props.tree), []);
  const state: TreeState = hydrated && live ? live : seededTree(props.tree);
  const client = hydrated ? bosCatalogueApi() : null;
  const list = state.tree.data;
  const maxDepth = state.tree.meta.max_depth;
  const [editing, setEditing] = useState<{ category: BosCategory | null; start: CategoryForm } | null>(null);
  const [dialog, ask] = useConfirm();
  const reportBox = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLOListElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ id: number; control: string } | null>(null);
  // After a move the row is drawn again elsewhere: the focus follows it to the same control (or its handle).
  useEffect(() => {
    if (!focusAfter || state.busy) return;
    const row = box.current?.querySelector<HTMLElement>(`[data-category-id="${focusAfter.id}"]`);
    (row?.querySelector<HTMLElement>(`[data-control="${focusAfter.control}"]:not(:disabled)`) ?? row?.querySelector<HTMLElement>('[data-control="handle"]') ?? reportBox.current)?.focus();
    setFocusAfter(null);
  }, [focusAfter, state]);

  const act = async (category: BosCategory, move: KeyMove, control: string) => {
    const body = client && keyboardMove(list, category.id, move, maxDepth);
    if (!body) return;
    await moveCategory(client, body);
    setFocusAfter({ id: category.id, control });
  };
  const keys = (category: BosCategory) => (event: KeyboardEvent) => {
    const move = event.altKey ? KEY_MOVES[event.key] : undefined;
    if (!move) return;
    event.preventDefault();
    void act(category, move, (event.target as HTMLElement).dataset.control ?? 'handle');
  };

  const remove = async (category: BosCategory) => {
    if (!client) return;
    const question = removeCategoryQuestion(category, list);
    if (question.kind === 'refused') return void (await ask({ title: question.title, message: question.text, alert: true }));
    const choices = categoryChoices(list, category.id);
    if (question.kind === 'move' && choices.length === 0) return void (await ask({ title: `${category.name} cannot be removed`, message: `${question.text} There is no other category to move them to.`, alert: true }));
    const target = { value: choices[0]?.value ?? '' };
    const message =
      question.kind === 'move' ? (
        <div className="flex flex-col gap-3">
          <p>{question.text}</p>
          <MoveTarget choices={choices} onChange={(value) => (target.value = value)} />
        </div>
      ) : (
        question.text
      );
    const confirmed = await ask({ title: question.title, message, confirmText: question.kind === 'move' ? 'Move them and remove' : 'Remove', cancelText: 'Keep it' });
    if (!confirmed) return;
    await removeCategory(client, category, question.kind === 'move' ? Number(target.value) : undefined);
    setTimeout(() => reportBox.current?.focus(), 50);
  };

  return (
    <div className="flex flex-col gap-4" data-categories>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">
          Drag a category by its handle (⠿) to another place; drag it right or left to put it under the one above or take it out a level. Or use its arrow buttons, or
          Alt with an arrow key in its row. What is below a category moves with it.
        </p>
        <button type="button" className={PRIMARY} disabled={!client || list.length >= state.tree.meta.max_categories} onClick={() => setEditing({ category: null, start: EMPTY_CATEGORY })}>
          + Add category
        </button>
      </div>
      <Report report={state.report} boxRef={reportBox} />
      {list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">No categories yet: add the first.</p>
      ) : (
        <Tree state={state} boxRef={box} ready={client !== null} onKeys={keys} onMove={act} onDrop={(body) => client && void moveCategory(client, body)} onAdd={(parent) => setEditing({ category: null, start: { ...EMPTY_CATEGORY, parent: String(parent.id) } })} onEdit={(category) => setEditing({ category, start: categoryFormOf(category) })} onRemove={(c) => void remove(c)} />
      )}
      <p className="text-sm text-muted-foreground">{plural(list.length, 'category', 'categories')} of at most {state.tree.meta.max_categories.toLocaleString('en-IN')}; the tree has at most {maxDepth} levels.</p>
      {client && editing && <CategoryFormDialog editing={editing} list={list} maxDepth={maxDepth} busy={state.busy} canChooseMedia={props.canChooseMedia} onClose={() => setEditing(null)} save={(form) => saveCategory(client, editing.category, form)} />}
      {dialog}
    </div>
  );
}

/** Where a removed category's products and subcategories go: a choice inside the Confirm dialog. */
function MoveTarget({ choices, onChange }: { choices: { value: string; label: string }[]; onChange: (value: string) => void }) {
  const [value, setValue] = useState(choices[0]?.value ?? '');
  return (
    <Field
      name="move_to"
      type="select"
      label="Move them to"
      required
      value={value}
      options={choices}
      placeholder="Choose a category"
      onChange={(v) => {
        setValue(String(v));
        onChange(String(v));
      }}
    />
  );
}

interface TreeProps {
  state: TreeState;
  boxRef: RefObject<HTMLOListElement | null>;
  ready: boolean;
  onKeys: (c: BosCategory) => (event: KeyboardEvent) => void;
  onMove: (c: BosCategory, move: KeyMove, control: string) => void;
  onDrop: (body: { id: number; parent_id: number | null; position: number }) => void;
  onAdd: (parent: BosCategory) => void;
  onEdit: (c: BosCategory) => void;
  onRemove: (c: BosCategory) => void;
}

/** The tree as one sortable list of rows, each drawn at its level; a drag carries a category and what is below it. */
function Tree({ state, boxRef, ready, onKeys, onMove, onDrop, onAdd, onEdit, onRemove }: TreeProps) {
  const list = state.tree.data;
  const maxDepth = state.tree.meta.max_depth;
  const rows = flatten(list);
  const [active, setActive] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [levels, setLevels] = useState(0);
  const visible = draggableRows(rows, active);
  const projected = active !== null && over !== null ? projectDrop(rows, active, over, levels, maxDepth) : null;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: string | number) => list.find((c) => c.id === Number(id))?.name ?? 'the category';
  /** Where a drag would put the category, in words: after the rows are moved, its parent and its place there. */
  const landing = (id: string | number, overId: string | number | undefined, sideways: number) => {
    const drop = overId === undefined ? null : projectDrop(rows, Number(id), Number(overId), sideways, maxDepth);
    if (!drop) return `${nameOf(id)} cannot go there.`;
    return `${nameOf(id)} would go ${drop.parent_id === null ? 'at the top level' : `under ${pathName(list, drop.parent_id)}`}, place ${drop.position + 1}.`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${nameOf(a.id)}. ${placeText(list, Number(a.id))} Use the up and down arrows to move it, Space to drop it, Escape to put it back.`,
    onDragOver: ({ active: a, over: o }) => landing(a.id, o?.id, 0),
    onDragEnd: ({ active: a, over: o }) => (o ? `Dropped. ${landing(a.id, o.id, levels)}` : `${nameOf(a.id)} dropped where it was.`),
    onDragCancel: ({ active: a }) => `Moving ${nameOf(a.id)} cancelled: it is back where it was.`,
  };
  const reset = () => {
    setActive(null);
    setOver(null);
    setLevels(0);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: 'To move a category, press Space on its handle, use the up and down arrows, then Space again to drop it or Escape to cancel. Its arrow buttons move it a level in or out.' } }}
      onDragStart={({ active: a }: DragStartEvent) => {
        setActive(Number(a.id));
        setOver(Number(a.id));
      }}
      onDragMove={({ delta }: DragMoveEvent) => setLevels(Math.round(delta.x / INDENT))}
      onDragOver={({ over: o }: DragOverEvent) => setOver(o ? Number(o.id) : null)}
      onDragEnd={({ active: a, over: o, delta }: DragEndEvent) => {
        const drop = o ? projectDrop(rows, Number(a.id), Number(o.id), Math.round(delta.x / INDENT), maxDepth) : null;
        reset();
        if (drop) onDrop({ id: drop.id, parent_id: drop.parent_id, position: drop.position });
      }}
      onDragCancel={reset}
    >
      <SortableContext items={visible.map((r) => r.category.id)} strategy={verticalListSortingStrategy}>
        <ol ref={boxRef} className="flex flex-col gap-1.5" aria-label="Categories, in the shop's order" data-category-tree>
          {visible.map((row) => (
            <CategoryRow key={row.category.id} row={row} depth={row.category.id === active && projected ? projected.depth : row.depth} list={list} maxDepth={maxDepth} busy={!ready || state.busy} onKeys={onKeys} onMove={onMove} onAdd={onAdd} onEdit={onEdit} onRemove={onRemove} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function CategoryRow({ row, depth, list, maxDepth, busy, onKeys, onMove, onAdd, onEdit, onRemove }: { row: Row; depth: number; list: BosCategory[]; maxDepth: number; busy: boolean } & Pick<TreeProps, 'onKeys' | 'onMove' | 'onAdd' | 'onEdit' | 'onRemove'>) {
  const c = row.category;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: c.id, disabled: busy });
  const can = possibleMoves(list, c.id, maxDepth);
  const picture = safeUrl(c.avatar, 'web');
  const holds = [plural(c.products, 'product', 'products'), row.children > 0 && plural(row.children, 'subcategory', 'subcategories'), c.coupons > 0 && plural(c.coupons, 'coupon', 'coupons')].filter(Boolean).join(' · ');
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, marginInlineStart: `${(depth - 1) * INDENT}px` }}
      className={`flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border bg-background p-1.5 ${isDragging ? 'z-10 border-primary shadow-lg ring-2 ring-primary' : 'border-border'}`}
      data-category-id={c.id}
      data-category={c.name}
      data-depth={depth}
      onKeyDown={onKeys(c)}
    >
      <button type="button" ref={setActivatorNodeRef} {...attributes} {...listeners} data-control="handle" aria-roledescription="sortable category" aria-label={`Move ${c.name} (drag, or Space then the arrow keys)`} aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight" className={`${ICON} cursor-grab touch-none border-transparent`}>
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="grid size-9 shrink-0 place-items-center overflow-hidden rounded-full border border-border bg-muted">{picture && <img src={picture} alt="" loading="lazy" className="size-full object-cover" />}</span>
      <span className="flex min-w-40 flex-1 flex-col">
        <span className="font-medium">
          {c.name}
          <span className="sr-only">, level {depth}{c.parent_id !== null ? `, under ${pathName(list, c.parent_id)}` : ''}</span>
        </span>
        <span className="text-xs text-muted-foreground">
          <code>{c.slug}</code> · {holds}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-1" role="group" aria-label={`Move, edit or remove ${c.name}`}>
        {MOVE_BUTTONS.map((b) => (
          <button key={b.move} type="button" data-control={b.move} className={ICON} disabled={busy || !can[b.move]} aria-label={b.label(c.name)} title={`${b.label(c.name)} (${b.keys})`} onClick={() => onMove(c, b.move, b.move)}>
            <span aria-hidden="true">{b.icon}</span>
          </button>
        ))}
        {depth < maxDepth && (
          <button type="button" data-control="add" className={SECONDARY} disabled={busy} aria-label={`Add a category under ${c.name}`} onClick={() => onAdd(c)}>
            + Under it
          </button>
        )}
        <button type="button" data-control="edit" className={SECONDARY} disabled={busy} aria-label={`Edit ${c.name}`} onClick={() => onEdit(c)}>Edit</button>
        <button type="button" data-control="remove" className={DANGER} disabled={busy} aria-label={`Remove ${c.name}`} onClick={() => onRemove(c)}>Remove</button>
      </span>
    </li>
  );
}

/** The Add or Edit form of a category, in a dialog open while it is drawn. */
function CategoryFormDialog({ editing, list, maxDepth, busy, canChooseMedia, onClose, save }: { editing: { category: BosCategory | null; start: CategoryForm }; list: BosCategory[]; maxDepth: number; busy: boolean; canChooseMedia: boolean; onClose: () => void; save: (form: CategoryForm) => Promise<Record<string, string> | null> }) {
  const [form, setForm] = useState<CategoryForm>(editing.start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof CategoryForm) => (value: unknown) => setForm((f) => ({ ...f, [name]: String(value ?? '') }));
  const c = editing.category;
  const title = c ? `Edit ${c.name}` : 'Add category';
  const parents = flatten(list).filter((r) => r.depth < maxDepth).map((r) => ({ value: String(r.category.id), label: pathName(list, r.category.id) }));
  return (
    <FormDialog
      open
      name={title}
      title={title}
      dirty={isDirty({ ...editing.start }, { ...form })}
      busy={busy}
      submitLabel={c ? 'Save' : 'Add category'}
      problem={errors._}
      onClose={onClose}
      onSubmit={async () => {
        const wrong = await save(form);
        if (wrong) setErrors(wrong);
        else onClose();
      }}
    >
      <Field name="name" label="Name" required value={form.name} onChange={set('name')} error={errors.name} />
      <Field name="name_hi" label="Name in Hindi" placeholder="दालें" value={form.name_hi} onChange={set('name_hi')} error={errors.name_hi} description="Shown on the shop's Hindi pages; left blank, they show the English name." />
      <Field name="slug" label="Slug" value={form.slug} onChange={set('slug')} error={errors.slug} description={c ? 'Its web address (/products?c=…): lower-case letters and digits joined by hyphens. A new slug changes the address; links and page blocks that name the old one stop finding it.' : 'Its web address: lower-case letters and digits joined by hyphens. Left blank, it is made from the name.'} />
      {c ? (
        <p className="text-sm">
          <span className="font-medium">Place:</span> {c.parent_id === null ? 'the top level' : `under ${pathName(list, c.parent_id)}`} <span className="text-muted-foreground">(move it in the tree)</span>
        </p>
      ) : (
        <Field name="parent" type="select" label="Under" value={form.parent} onChange={set('parent')} error={errors.parent} options={parents} placeholder="The top level" description={`A category goes last under the one chosen; the tree has at most ${maxDepth} levels.`} />
      )}
      <ImageField label="Image" value={form.avatar} error={errors.avatar} hint="Shown in the menus and carousels: an image from the media library, a path of this shop (/…) or an https address." onChange={set('avatar')} canChooseMedia={canChooseMedia} />
    </FormDialog>
  );
}
