import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef } from 'react';
import type { BlockType } from '../../../contract/blocks';
import { fieldId, useEditorContext } from './context';
import { addBlock, BLOCK_TYPES, blockTypeName, duplicateBlock, moveBlock, renameBlock, type Block } from './document';
import { ObjectFields } from './Fields';
import { INPUT, Problems, SMALL_BUTTON } from './parts';
import { blockForm, errorsAt, errorsUnder } from './form-model';

/**
 * The page's blocks, in order: each a card with its name, type and problems, opened and closed with its name;
 * dragged by its handle, or moved with the keyboard (focus the handle, Space, ↑ ↓, Space; Escape puts it back),
 * with what happens said to screen readers; duplicated, removed (Undo puts it back); its fields in the card.
 */
export function BlockList({ open, setOpen }: { open: Set<string>; setOpen: (key: string, isOpen: boolean) => void }) {
  const { editor } = useEditorContext();
  const state = editor.$editor.get();
  const { doc, keys } = state;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: string | number) => {
    const i = keys.indexOf(String(id));
    return i < 0 ? 'the block' : `“${doc.components[i]?.name || blockTypeName(doc.components[i]!.type)}”`;
  };
  const place = (id: string | number | undefined) => (id === undefined ? '' : `${keys.indexOf(String(id)) + 1} of ${keys.length}`);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up block ${nameOf(active.id)}, at ${place(active.id)}. Use the up and down arrows to move it, Space to drop it, Escape to put it back.`,
    onDragOver: ({ active, over }) => (over ? `Block ${nameOf(active.id)} is over place ${place(over.id)}.` : `Block ${nameOf(active.id)} is not over a place.`),
    onDragEnd: ({ active, over }) => (over ? `Block ${nameOf(active.id)} dropped at place ${place(over.id)}.` : `Block ${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving block ${nameOf(active.id)} cancelled: it is back where it was.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    editor.edit((list) => moveBlock(list, from, to));
  };
  if (doc.components.length === 0) return <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">This page has no blocks yet: add one below.</p>;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: 'To move a block, press Space on its handle, use the up and down arrows, then press Space again to drop it or Escape to cancel.' } }}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <ol className="flex flex-col gap-3" aria-label="Blocks of the page" data-block-list>
          {doc.components.map((block, i) => (
            <BlockCard key={keys[i]} id={keys[i]!} index={i} block={block} count={doc.components.length} isOpen={open.has(keys[i]!)} setOpen={(v) => setOpen(keys[i]!, v)} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function BlockCard({ id, index, block, count, isOpen, setOpen }: { id: string; index: number; block: Block; count: number; isOpen: boolean; setOpen: (v: boolean) => void }) {
  const { editor, errors, canEdit } = useEditorContext();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !canEdit });
  const problems = errorsUnder(errors, ['components', index]);
  const label = block.name || blockTypeName(block.type);
  const bodyId = `${fieldId(['components', index])}-body`;
  const known = BLOCK_TYPES.some((b) => b.type === block.type);
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={`rounded-lg border bg-background ${isDragging ? 'z-10 shadow-lg ring-2 ring-primary' : ''} ${problems ? 'border-red-600' : 'border-border'}`} data-block={block.type} data-block-name={block.name}>
      <div className="flex items-center gap-1 p-1.5">
        <button type="button" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-roledescription="sortable block" aria-label={`Move block ${label}`} className={`${SMALL_BUTTON} cursor-grab border-transparent text-base touch-none`} disabled={!canEdit}>
          <span aria-hidden="true">⠿</span>
        </button>
        <button type="button" aria-expanded={isOpen} aria-controls={bodyId} onClick={() => setOpen(!isOpen)} className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-md px-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary" id={fieldId(['components', index])}>
          <span aria-hidden="true" className="text-xs">{isOpen ? '▾' : '▸'}</span>
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-semibold">{label}</span>
            <span className="text-xs text-muted-foreground">{blockTypeName(block.type)} · block {index + 1} of {count}</span>
          </span>
          {problems > 0 && <span className="ml-auto shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{problems === 1 ? '1 problem' : `${problems} problems`}</span>}
        </button>
        <button type="button" className={SMALL_BUTTON} disabled={!canEdit || index === 0} onClick={() => editor.edit((l) => moveBlock(l, index, index - 1))} aria-label={`Move block ${label} up`}>↑</button>
        <button type="button" className={SMALL_BUTTON} disabled={!canEdit || index === count - 1} onClick={() => editor.edit((l) => moveBlock(l, index, index + 1))} aria-label={`Move block ${label} down`}>↓</button>
        <button type="button" className={SMALL_BUTTON} disabled={!canEdit || count >= 60} onClick={() => editor.edit((l) => duplicateBlock(l, index))} aria-label={`Duplicate block ${label}`}>Duplicate</button>
        <button type="button" className={SMALL_BUTTON} disabled={!canEdit} onClick={() => editor.remove(index)} aria-label={`Remove block ${label}`}>Remove</button>
      </div>
      <div id={bodyId} hidden={!isOpen} className="flex flex-col gap-3 border-t border-border p-3">
        {isOpen && (
          <>
            <NameField index={index} name={block.name} />
            {known ? <ObjectFields fields={blockForm(block.type)} path={['components', index, 'data']} value={block.data} /> : <p className="text-sm text-red-700">This block's type ({String(block.type)}) is not one the shop shows: remove it.</p>}
            <Problems problems={errorsAt(errors, ['components', index, 'settings'])} />
          </>
        )}
      </div>
    </li>
  );
}

function NameField({ index, name }: { index: number; name: string }) {
  const { editor, errors } = useEditorContext();
  const path = ['components', index, 'name'];
  const id = fieldId(path);
  const problems = errorsAt(errors, path);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">Block name <span className="font-normal text-muted-foreground">(for you; shoppers do not see it)</span></label>
      <input id={id} value={name} maxLength={80} aria-invalid={problems.length > 0 || undefined} aria-describedby={problems.length ? `${id}-error` : undefined} onChange={(e) => editor.edit((l) => renameBlock(l, index, e.target.value))} className={`${INPUT} ${problems.length ? 'border-red-600' : 'border-border'}`} />
      <Problems id={`${id}-error`} problems={problems} />
    </div>
  );
}

/** Every block type the shop shows, with what it is: a click adds one at the end of the page, opened. */
export function Palette({ onAdded }: { onAdded: (key: string) => void }) {
  const { editor, canEdit } = useEditorContext();
  // The palette's open state is the element's own (no React state): a state copy raced the toggle event.
  const details = useRef<HTMLDetailsElement>(null);
  const full = editor.$editor.get().doc.components.length >= 60;
  return (
    <details ref={details} className="rounded-lg border border-border" data-palette>
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold">+ Add a block</summary>
      <ul className="grid grid-cols-1 gap-2 p-3 pt-0 xl:grid-cols-2">
        {BLOCK_TYPES.map((b) => (
          <li key={b.type}>
            <button
              type="button"
              disabled={!canEdit || full}
              data-add-block={b.type}
              className="flex h-full w-full flex-col items-start gap-0.5 rounded-md border border-border p-2 text-left hover:border-primary hover:bg-muted disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-primary"
              onClick={() => {
                editor.edit((l) => addBlock(l, b.type as BlockType));
                const keys = editor.$editor.get().keys;
                onAdded(keys[keys.length - 1]!);
                if (details.current) details.current.open = false;
              }}
            >
              <span className="text-sm font-semibold">{b.name}</span>
              <span className="text-xs text-muted-foreground">{b.line}</span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
