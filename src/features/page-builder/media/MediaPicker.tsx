import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { MediaItem } from '../../../contract/page-builder';
import { MediaGrid } from './MediaGrid';
import { browserMediaApi, createMediaLibrary, type MediaApi } from './store';
import { UploadForm } from './UploadForm';

export interface MediaPickerProps {
  open: boolean;
  onPick(item: MediaItem): void;
  onClose(): void;
  /** The API (tests give their own); the page builder's by default. */
  client?: MediaApi;
  /** Whether the inline upload is offered (website_setting:edit); on by default. */
  canUpload?: boolean;
}

const SEARCH_DELAY_MS = 250;

/**
 * Choosing an image from the media library, for any screen that needs one (a hero slide, a banner, the popup, the
 * logo): a modal on the native <dialog> with the library's grid, its search and an inline upload. Tab or the arrow
 * keys move through the images, Enter or a click picks one (`onPick`, then the caller closes it); Escape or Close
 * cancels (`onClose`). An image uploaded here is picked at once. Its list loads each time it opens.
 */
export function MediaPicker({ open, onPick, onClose, client, canUpload = true }: MediaPickerProps) {
  const library = useMemo(() => createMediaLibrary(client ?? browserMediaApi()), [client]);
  const state = useStore(library.$state);
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [q, setQ] = useState('');

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      search.current?.focus();
      setQ('');
      void library.search('');
    }
    if (!open && el.open) el.close();
  }, [open, library]);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      if (q !== library.$state.get().q) void library.search(q);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, open, library]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[min(90vh,52rem)] w-[calc(100%-2rem)] max-w-4xl rounded-xl border border-border bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/40"
      data-media-picker
    >
      <div className="flex items-center justify-between border-b border-border py-1 pl-5 pr-2">
        <h2 id={titleId} className="text-base font-semibold">
          Choose an image
        </h2>
        <button type="button" onClick={onClose} aria-label="Close" className="size-11 rounded-full text-2xl leading-none hover:bg-muted">
          ×
        </button>
      </div>
      {open && (
        <div className="flex flex-col gap-4 px-5 py-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${titleId}-q`} className="text-sm font-medium">
              Search images
            </label>
            <input
              ref={search}
              id={`${titleId}-q`}
              type="search"
              value={q}
              onChange={(event) => setQ(event.currentTarget.value)}
              placeholder="File name or alt text"
              className="h-11 w-full rounded-md border border-border bg-background px-3 text-sm"
            />
          </div>
          {state.error && (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
              {state.error}
            </p>
          )}
          <div aria-busy={state.loading || undefined} className={state.loading ? 'opacity-60' : ''}>
            {state.items.length === 0 && !state.loading ? (
              <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{state.q ? `No image matches "${state.q}".` : 'No images yet.'}</p>
            ) : (
              <MediaGrid items={state.items} label="Images: Enter picks one" onChoose={onPick} />
            )}
          </div>
          {canUpload && (
            <details className="rounded-lg">
              <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium">Upload a new image</summary>
              <UploadForm library={library} state={state} onUploaded={onPick} compact />
            </details>
          )}
        </div>
      )}
    </dialog>
  );
}
