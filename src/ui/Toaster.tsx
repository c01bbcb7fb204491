import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { $toasts, dismissToast, holdToast, releaseToast, type Toast } from '../stores/toasts';

const STYLE: Record<Toast['type'], string> = {
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

/**
 * Where the region must live to be usable: inside the open modal dialog (outside it everything is inert), else
 * inside the open auto popover (a tap outside it would close it, as Dismiss would), else null for the body.
 */
function openLayer(doc: Document): HTMLElement | null {
  try {
    const last = (selector: string) => [...doc.querySelectorAll<HTMLElement>(selector)].at(-1) ?? null;
    return last('dialog:modal') ?? last('[popover=""]:popover-open, [popover="auto"]:popover-open');
  } catch {
    return null; // a DOM without :modal or :popover-open
  }
}

/**
 * The page's toasts (`$toasts`) as the shopper sees them, mounted once in the layout with
 * `client:interaction="toasts"`: it renders nothing on the server and hydrates when the first toast is pushed.
 * The stack is a manual popover in the top layer, so it shows above modal dialogs and their backdrops; it goes
 * inside the open modal dialog or panel when there is one (so Dismiss can be pressed there, and pressing it
 * leaves the panel open) and is raised again whenever a dialog or popover opens or closes. It is not a live
 * region: screen readers hear each message from the layout's live region, which the store fills
 * (stores/toasts.ts, docs/accessibility.md#toasts). A toast stays while the pointer or focus is on it. The messages
 * come in their callers' words; the Dismiss button's name comes from the layout (English by default).
 */
export default function Toaster({ dismiss = 'Dismiss' }: { /** The close button's name in the page's language (`t('ui.dismiss')`). */ dismiss?: string }) {
  const toasts = useStore($toasts);
  const region = useRef<HTMLDivElement>(null);
  const [host, setHost] = useState<HTMLElement | null>(null);
  const [raised, setRaised] = useState(0);

  useEffect(() => {
    const raise = () => {
      setHost(openLayer(document) ?? document.body);
      setRaised((n) => n + 1);
    };
    raise();
    const onToggle = (event: Event) => event.target !== region.current && $toasts.get().length > 0 && raise();
    document.addEventListener('toggle', onToggle, true);
    const unsubscribe = $toasts.listen(raise);
    return () => {
      document.removeEventListener('toggle', onToggle, true);
      unsubscribe();
    };
  }, []);

  useLayoutEffect(() => {
    const el = region.current;
    // Without popover support (old browsers, test DOMs) the region is a plain fixed layer.
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (toasts.length) el.showPopover();
  }, [toasts, host, raised]);

  if (!host) return null;
  return createPortal(
    <div ref={region} popover="manual" data-toaster className="pointer-events-none fixed inset-x-0 top-auto bottom-4 m-0 h-auto w-auto max-w-none flex-col items-center gap-2 overflow-visible border-0 bg-transparent px-4 py-0 open:flex">
      {toasts.map((t) => (
        <div key={t.id} data-type={t.type} onPointerEnter={() => holdToast(t.id)} onPointerLeave={() => releaseToast(t.id)} onFocus={() => holdToast(t.id)} onBlur={() => releaseToast(t.id)} className={`pointer-events-auto flex max-w-md items-start gap-3 whitespace-pre-line rounded-lg border px-4 py-3 text-sm shadow-lg ${STYLE[t.type]}`}>
          <p>{t.message}</p>
          <button type="button" aria-label={dismiss} onClick={() => dismissToast(t.id)} className="-my-3 -mr-4 ml-auto min-h-11 min-w-11 text-lg leading-none opacity-60 hover:opacity-100">×</button>
        </div>
      ))}
    </div>,
    host,
  );
}
