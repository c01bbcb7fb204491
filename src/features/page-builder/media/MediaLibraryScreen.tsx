import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { MEDIA_ALT_MAX } from '../../../contract/media-rules';
import type { MediaItem } from '../../../contract/page-builder';
import { formatDateTime } from '../../../lib/format';
import { useConfirm } from '../../../ui/Confirm';
import { useHydrated } from '../../../ui/use-hydrated';
import { deleteQuestion, sizeText, usedInText } from './media';
import { MediaGrid } from './MediaGrid';
import { browserMediaApi, createMediaLibrary, emptyMedia, type MediaApi } from './store';
import { UploadForm } from './UploadForm';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center rounded-md border border-border bg-background px-3 text-sm font-medium hover:bg-muted disabled:opacity-50 ${FOCUS}`;
const SEARCH_DELAY_MS = 250;

/** The address of the screen for a search, kept in the address bar so a reload or a shared link shows the same. */
const screenHref = (q: string) => (q.trim() ? `/page-builder/media?q=${encodeURIComponent(q.trim())}` : '/page-builder/media');

/**
 * /page-builder/media: the website's images as a grid, newest first, with a search (file name or alt text); an
 * upload form (a button or a dropped file, the alt text asked for); the chosen image's details: its size, widths,
 * alt text (editable), where it is used, its address to copy, and Delete, which asks first and refuses an image in
 * use, saying where. A view-only marketer (website_setting:view) sees no upload, edit or delete.
 */
export default function MediaLibraryScreen({ items, q, canEdit, client }: { items: MediaItem[]; q: string; canEdit: boolean; client?: MediaApi }) {
  const hydrated = useHydrated();
  const library = useMemo(() => createMediaLibrary(client ?? browserMediaApi(), emptyMedia(items, q)), []);
  const state = useStore(library.$state);
  const [query, setQuery] = useState(q);
  const [selectedId, setSelectedId] = useState<number | null>(items[0]?.id ?? null);
  const [dialog, ask] = useConfirm();
  const searchId = useId();
  const reportBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (query === library.$state.get().q) return;
    const timer = setTimeout(() => {
      history.replaceState(history.state, '', screenHref(query));
      void library.search(query);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, library]);

  const selected = state.items.find((i) => i.id === selectedId) ?? state.items[0] ?? null;

  const remove = async (item: MediaItem) => {
    const question = deleteQuestion(item);
    if (!question.canDelete) {
      await ask({ title: question.title, message: question.message, alert: true });
      return;
    }
    if (!(await ask({ title: question.title, message: question.message, confirmText: 'Delete image' }))) return;
    await library.remove(item);
    reportBox.current?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      {canEdit && <UploadForm library={library} state={state} onUploaded={(item) => setSelectedId(item.id)} />}
      <div role="status" aria-live="polite" tabIndex={-1} ref={reportBox} className="outline-none" data-media-report>
        {state.report && <p className={`rounded-md p-3 text-sm ${state.report.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>{state.report.text}</p>}
      </div>
      <form role="search" onSubmit={(event: FormEvent) => event.preventDefault()} className="flex flex-col gap-1 sm:max-w-md">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search images
        </label>
        <input
          id={searchId}
          type="search"
          name="q"
          value={query}
          disabled={!hydrated}
          onChange={(event) => setQuery(event.currentTarget.value)}
          placeholder="File name or alt text"
          className="h-11 w-full rounded-md border border-border bg-background px-3 text-sm"
        />
      </form>
      {state.error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {state.error}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Images" aria-busy={state.loading || undefined} className={state.loading ? 'opacity-60' : ''}>
          <p className="mb-2 text-sm text-muted-foreground">
            {state.items.length === 1 ? '1 image' : `${state.items.length} images`}
            {state.q ? ` matching "${state.q}"` : ''}
          </p>
          {state.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-media-empty>
              {state.q ? `No image matches "${state.q}".` : canEdit ? 'No images yet: upload the first one above.' : 'No images yet.'}
            </p>
          ) : (
            <MediaGrid items={state.items} selectedId={selected?.id ?? null} onChoose={(item) => setSelectedId(item.id)} label="Images: choose one to see its details" />
          )}
        </section>
        {selected && <Details key={selected.id} item={selected} canEdit={canEdit} hydrated={hydrated} onDelete={() => void remove(selected)} onSaveAlt={(alt) => library.saveAlt(selected, alt)} />}
      </div>
      {dialog}
    </div>
  );
}

function Details({ item, canEdit, hydrated, onDelete, onSaveAlt }: { item: MediaItem; canEdit: boolean; hydrated: boolean; onDelete: () => void; onSaveAlt: (alt: string) => Promise<string | null> }) {
  const id = useId();
  const [alt, setAlt] = useState(item.alt);
  const [altError, setAltError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [copied, setCopied] = useState(false);
  const address = () => new URL(item.url, location.href).href;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address());
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure page): the address is in the field to copy by hand.
      document.getElementById(`${id}-url`)?.focus();
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setAltError(await onSaveAlt(alt));
    setSaving(false);
  };
  return (
    <aside aria-labelledby={`${id}-title`} className="flex flex-col gap-3 self-start rounded-lg border border-border p-4" data-media-details>
      <h2 id={`${id}-title`} className="break-all text-base font-semibold">
        {item.filename}
      </h2>
      <img src={item.url} srcSet={item.srcset} sizes="22rem" alt={item.alt} width={item.width} height={item.height} className="max-h-64 w-full rounded-md bg-muted object-contain" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Size</dt>
        <dd>{sizeText(item)}</dd>
        <dt className="text-muted-foreground">Widths</dt>
        <dd>{item.widths.map((w) => `${w} px`).join(', ')} (WebP)</dd>
        <dt className="text-muted-foreground">Uploaded</dt>
        <dd>
          {formatDateTime(item.created_at)}
          {item.created_by ? ` by ${item.created_by.name}` : ''}
        </dd>
        <dt className="text-muted-foreground">Used</dt>
        <dd data-media-used>{usedInText(item.used_in)}</dd>
      </dl>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-url`} className="text-sm font-medium">
          Address
        </label>
        <div className="flex gap-2">
          <input id={`${id}-url`} readOnly value={item.url} onFocus={(event) => event.currentTarget.select()} className="h-11 min-w-0 flex-1 rounded-md border border-border bg-muted px-3 text-sm" />
          <button type="button" onClick={() => void copy()} disabled={!hydrated} className={BUTTON}>
            {copied ? 'Copied' : 'Copy URL'}
          </button>
        </div>
      </div>
      {canEdit ? (
        <form onSubmit={save} className="flex flex-col gap-1" noValidate>
          <label htmlFor={`${id}-alt`} className="text-sm font-medium">
            Alt text
          </label>
          <input
            id={`${id}-alt`}
            value={alt}
            maxLength={MEDIA_ALT_MAX}
            onChange={(event) => setAlt(event.currentTarget.value)}
            aria-invalid={altError ? true : undefined}
            aria-describedby={altError ? `${id}-alt-error` : undefined}
            className={`h-11 w-full rounded-md border bg-background px-3 text-sm ${altError ? 'border-red-500' : 'border-border'}`}
          />
          {altError && (
            <p id={`${id}-alt-error`} className="text-sm text-red-700">
              {altError}
            </p>
          )}
          <div className="mt-1 flex flex-wrap gap-2">
            <button type="submit" disabled={!hydrated || saving || alt.trim() === item.alt} className={BUTTON}>
              {saving ? 'Saving…' : 'Save alt text'}
            </button>
            <button type="button" onClick={onDelete} disabled={!hydrated} className={`${BUTTON} border-red-300 text-red-800 hover:bg-red-50`} data-media-delete>
              Delete…
            </button>
          </div>
        </form>
      ) : (
        <p className="text-sm">
          <span className="text-muted-foreground">Alt text: </span>
          {item.alt}
        </p>
      )}
    </aside>
  );
}
