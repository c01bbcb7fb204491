import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { MediaItem } from '../../../contract/page-builder';

const MediaPicker = lazy(() => import('./MediaPicker').then((m) => ({ default: m.MediaPicker })));

/**
 * "Choose from library" beside an image's text field: opens the media library's picker (loaded when first asked
 * for) and hands the chosen image to `onPick`. Escape or Close cancels; either way focus returns to the button.
 * Callers draw it only for people who may edit.
 */
export function ChooseImage({ label, onPick, className }: { label: string; onPick(item: MediaItem): void; className: string }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // After the picker's dialog has closed (its own effect runs first), focus goes back to the button.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-label={`Choose from library: ${label}`}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
        data-choose-image
      >
        Choose from library
      </button>
      {asked && (
        <Suspense fallback={null}>
          <MediaPicker
            open={open}
            onClose={close}
            onPick={(item) => {
              onPick(item);
              close();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
