import { $toasts, dismissToast, type Toast } from '../stores/toasts';

const STYLE: Record<Toast['type'], string> = {
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

let mounted = false;

/**
 * Shows $toasts in a live region, in plain DOM: toasts must not be the reason a page loads React.
 * The region is a manual popover, so it sits in the top layer above modal dialogs and their backdrops; it is
 * shown again (to the top) for every new toast and whenever a dialog or popover opens over it.
 * Islands and scripts call it once; later calls do nothing.
 */
export function mountToaster(doc: Document = document) {
  if (mounted) return;
  mounted = true;
  const region = doc.createElement('div');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('data-toaster', '');
  region.popover = 'manual';
  region.className =
    'pointer-events-none fixed inset-x-0 top-auto bottom-4 m-0 h-auto w-auto max-w-none flex-col items-center gap-2 overflow-visible border-0 bg-transparent px-4 py-0 open:flex';
  doc.body.append(region);
  /**
   * Puts the region on top of the top layer while it has toasts, inside the open modal dialog if there is one
   * (everything outside it is inert, so a dismiss button there could not be pressed); hides it when empty.
   */
  const raise = () => {
    const host = openModal(doc) ?? doc.body;
    if (region.parentElement !== host) host.append(region);
    // Without popover support (old browsers, test DOMs) the region is a plain fixed layer.
    if (typeof region.showPopover !== 'function') return;
    if (region.matches(':popover-open')) region.hidePopover();
    if ($toasts.get().length) region.showPopover();
  };
  $toasts.subscribe((toasts) => {
    region.replaceChildren(...toasts.map((t) => toastElement(doc, t)));
    raise();
  });
  // A dialog or popover opening goes above the region, a modal closing takes the region out of sight: raise again.
  doc.addEventListener('toggle', (event) => event.target !== region && $toasts.get().length && raise(), true);
  // The client router swaps <body>: bring the region along.
  doc.addEventListener('astro:after-swap', raise);
}

/** The open modal dialog (the last one in the page, when several are open), or null. */
function openModal(doc: Document): HTMLDialogElement | null {
  try {
    return [...doc.querySelectorAll<HTMLDialogElement>('dialog:modal')].at(-1) ?? null;
  } catch {
    return null; // a DOM without :modal
  }
}

/** One toast: its words and a dismiss button, styled by its type. */
function toastElement(doc: Document, t: Toast): HTMLElement {
  const item = doc.createElement('div');
  item.setAttribute('role', t.type === 'error' ? 'alert' : 'status');
  item.dataset.type = t.type;
  item.className = `pointer-events-auto flex max-w-md items-start gap-3 whitespace-pre-line rounded-lg border px-4 py-3 text-sm shadow-lg ${STYLE[t.type]}`;
  const text = doc.createElement('p');
  text.textContent = t.message;
  const close = doc.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', 'Dismiss');
  close.textContent = '×';
  close.className = 'ml-auto text-lg leading-none opacity-60 hover:opacity-100';
  close.addEventListener('click', () => dismissToast(t.id));
  item.append(text, close);
  return item;
}
