import { useRef, type KeyboardEvent } from 'react';
import type { MediaItem } from '../../../contract/page-builder';
import { gridMove, thumbnailOf } from './media';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** Cells in the first row of a grid: those at the first cell's height. */
function columnsOf(list: HTMLElement): number {
  const cells = [...list.querySelectorAll<HTMLElement>('[data-media-cell]')];
  const top = cells[0]?.offsetTop;
  return Math.max(1, cells.filter((cell) => cell.offsetTop === top).length);
}

/**
 * The images of a library as a grid of buttons, each its thumbnail and file name: Tab or the arrow keys (Home,
 * End) move between them, Enter or a click chooses one. `selectedId` marks the one chosen (aria-pressed).
 */
export function MediaGrid({ items, selectedId, onChoose, label }: { items: MediaItem[]; selectedId?: number | null; onChoose: (item: MediaItem) => void; label: string }) {
  const list = useRef<HTMLUListElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('[data-media-cell] button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = gridMove(event.key, index, buttons.length, columnsOf(list.current!));
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
  };
  return (
    <ul ref={list} aria-label={label} onKeyDown={onKeyDown} className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3" data-media-grid>
      {items.map((item) => (
        <li key={item.id} data-media-cell>
          <button
            type="button"
            onClick={() => onChoose(item)}
            aria-pressed={selectedId === undefined ? undefined : selectedId === item.id}
            className={`flex w-full flex-col overflow-hidden rounded-lg border bg-background text-left hover:border-primary aria-pressed:border-primary aria-pressed:ring-2 aria-pressed:ring-primary ${FOCUS} border-border`}
            data-media-id={item.id}
          >
            <img src={thumbnailOf(item)} alt={item.alt} width={item.width} height={item.height} loading="lazy" decoding="async" className="aspect-[4/3] w-full bg-muted object-contain" />
            <span className="truncate px-2 py-1.5 text-xs" title={item.filename}>
              {item.filename}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
