import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { MEDIA_ALT_MAX } from '../../../contract/media-rules';
import type { MediaItem } from '../../../contract/page-builder';
import { altFromFilename, formatBytes } from './media';
import type { MediaLibrary, MediaState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * Uploading an image: choose a file (the button, or drop it on the form), say what it shows (alt text, started from
 * the file name), Upload. While it uploads the form says so; a refusal is shown at its field ("This file is not a
 * JPEG, PNG or WebP image"), and the file and text stay for another try.
 */
export function UploadForm({ library, state, onUploaded, compact = false }: { library: MediaLibrary; state: MediaState; onUploaded?: (item: MediaItem) => void; compact?: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [over, setOver] = useState(false);
  const errors = state.uploadErrors;
  const busy = state.uploading !== null;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    library.clearUpload();
    if (chosen && !alt.trim()) setAlt(altFromFilename(chosen.name));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const item = await library.upload(file, alt);
    if (!item) return;
    setFile(null);
    setAlt('');
    if (input.current) input.current.value = '';
    onUploaded?.(item);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };

  return (
    <form
      onSubmit={submit}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      aria-labelledby={`${id}-title`}
      aria-busy={busy || undefined}
      className={`flex flex-col gap-3 rounded-lg border-2 border-dashed p-4 ${over ? 'border-primary bg-primary/5' : 'border-border'}`}
      data-media-upload
      noValidate
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} className={compact ? 'text-sm font-semibold' : 'text-base font-semibold'}>
          Upload an image
        </h2>
        <p className="text-sm text-muted-foreground">JPEG, PNG or WebP, up to 5 MB. Choose a file or drop it here.</p>
      </div>
      <div className="grid gap-3 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)_auto] md:items-start">
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium" aria-hidden="true">
            Image
          </span>
          <div className="flex min-w-0 items-center gap-3">
            <label htmlFor={`${id}-file`} className={`inline-flex min-h-11 shrink-0 cursor-pointer items-center rounded-md border border-border bg-background px-3 text-sm font-medium hover:bg-muted ${busy ? 'pointer-events-none opacity-50' : ''}`}>
              Choose file
            </label>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={busy}
              onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? `${id}-file-error` : undefined}
              className="sr-only"
              data-media-file
            />
            <span className="min-w-0 truncate text-sm" aria-live="polite" title={file?.name}>
              {file ? `${file.name} (${formatBytes(file.size)})` : 'No file chosen'}
            </span>
          </div>
          {errors.file && (
            <p id={`${id}-file-error`} className="text-sm text-red-700" data-media-error="file">
              {errors.file}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-alt`} className="text-sm font-medium">
            Alt text<span className="ml-0.5 text-red-600" aria-hidden="true">*</span>
          </label>
          <input
            id={`${id}-alt`}
            name="alt"
            value={alt}
            maxLength={MEDIA_ALT_MAX}
            required
            disabled={busy}
            onChange={(event) => setAlt(event.currentTarget.value)}
            aria-invalid={errors.alt ? true : undefined}
            aria-describedby={`${id}-alt-desc${errors.alt ? ` ${id}-alt-error` : ''}`}
            className={`h-11 w-full rounded-md border bg-background px-3 text-sm ${errors.alt ? 'border-red-500' : 'border-border'}`}
          />
          <p id={`${id}-alt-desc`} className="text-xs text-muted-foreground">
            What the image shows, for people who cannot see it ("Fresh mangoes in a basket").
          </p>
          {errors.alt && (
            <p id={`${id}-alt-error`} className="text-sm text-red-700" data-media-error="alt">
              {errors.alt}
            </p>
          )}
        </div>
        <div className="md:pt-6">
          <button type="submit" disabled={busy} className={`min-h-11 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground disabled:opacity-60 ${FOCUS}`}>
            {busy ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </div>
      {busy && (
        <p className="flex items-center gap-2 text-sm" role="status">
          <progress className="w-24" aria-label={`Uploading ${state.uploading}`} />
          Uploading {state.uploading}…
        </p>
      )}
      {errors._ && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {errors._}
        </p>
      )}
    </form>
  );
}
