import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { browserCamera, cameraButtonLabel, TROUBLE } from './camera';
import { BUTTON, PRIMARY } from './styles';
import { $notice, scanned } from './till-session';

/**
 * The camera button by the till's search, and its dialog: the camera's view while it reads barcodes
 * (docs/pos-client.md#camera). A code read is the scan a USB scanner makes (`scanned`); the session in camera.ts
 * decides everything, this only draws it. Closing the dialog (its button, Escape) stops the camera.
 */
export function CameraScan() {
  const [camera] = useState(() => browserCamera(scanned));
  const state = useStore(camera.$state);
  const notice = useStore($notice);
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => camera.close, [camera]);

  const open = () => {
    dialog.current?.showModal();
    if (video.current) void camera.open(video.current);
  };
  const read = state.read;
  const said = state.status === 'starting' ? 'Starting the camera…' : read ? notice?.text ?? `Read ${read.code}.` : 'Hold the barcode inside the frame, a hand’s width from the camera.';
  return (
    <>
      <button type="button" className={BUTTON} aria-haspopup="dialog" onClick={open} data-pos-camera-button={state.trouble ?? 'ready'}>
        {cameraButtonLabel(state.trouble)}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="pos-camera-title"
        className="m-auto w-[min(44rem,92vw)] rounded-lg border border-border bg-background p-4 text-foreground shadow-xl backdrop:bg-black/60"
        onClose={camera.close}
        data-pos-camera={state.status}
        data-decoder={state.decoder ?? ''}
      >
        <div className="flex flex-col gap-3">
          <h2 id="pos-camera-title" className="text-xl font-semibold">Scan with the camera</h2>
          <div
            className={`overflow-hidden rounded-md border-4 bg-black ${!read ? 'border-border' : read.added ? 'border-green-700' : 'border-red-700'}`}
            data-pos-camera-read={read ? `${read.seq}:${read.added ? 'added' : 'unknown'}` : ''}
          >
            <video ref={video} className="aspect-video w-full object-cover" muted playsInline aria-hidden="true" />
          </div>
          {state.status === 'trouble' && state.trouble ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-900">{TROUBLE[state.trouble].message}</p>
          ) : (
            <p role="status" aria-live="polite" className={`min-h-6 ${read && !read.added ? 'font-medium text-red-800' : ''}`}>{said}</p>
          )}
          <button type="button" className={`${PRIMARY} self-end`} onClick={() => dialog.current?.close()}>Close camera</button>
        </div>
      </dialog>
    </>
  );
}
