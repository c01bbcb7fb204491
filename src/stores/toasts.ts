import { atom } from 'nanostores';
import { errorMessage } from '../lib/errors';

const TOAST_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
/** How long a toast stays (docs/product.md#constants). */
const TOAST_MS = 5000;
/** The window event a new toast raises, which wakes the sleeping Toaster island (`client:interaction="toasts"`). */
export const TOAST_EVENT = 'storefront:toast';
/** The layout's live region (src/layouts/Store.astro): server-rendered empty, the one place toasts are spoken from. */
const LIVE = '[data-toast-live]';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

/** The toasts on screen, newest last. */
export const $toasts = atom<Toast[]>([]);
let nextId = 1;
/** Each toast's time on screen and timer; a held toast (hovered and/or focused: `holds`) has no timer. */
const timers = new Map<number, { ms: number; holds: number; timer?: ReturnType<typeof setTimeout> }>();

/** A known toast type as given, any other as info. */
export const toastType = (type: string): ToastType => ((TOAST_TYPES as readonly string[]).includes(type) ? (type as ToastType) : 'info');

/** Shows a toast for 5 s (longer while it is held); an unknown type falls back to info. Returns its id. */
export function toast(message: string, type: string = 'info', ms = TOAST_MS): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, type: toastType(type), message }]);
  timers.set(id, { ms, holds: 1 });
  releaseToast(id);
  speak(id, message);
  announce();
  return id;
}

/** Shows the error toast for any failure, worded by the product's rules (docs/product.md#errors). */
export const toastError = (failure: unknown) => toast(errorMessage(failure), 'error');

/** Takes a toast off the screen. */
export function dismissToast(id: number) {
  clearTimeout(timers.get(id)?.timer);
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
  if (typeof document !== 'undefined') document.querySelector(`${LIVE} [data-id="${id}"]`)?.remove();
}

/** Stops a toast's clock while the shopper's pointer or focus is on it (WCAG 2.2.1): it stays past its time. */
export function holdToast(id: number) {
  const entry = timers.get(id);
  if (!entry || entry.holds++) return;
  clearTimeout(entry.timer);
}

/** Lets go of a toast; when nothing holds it any more it has its full time again (5 s) before it goes. */
export function releaseToast(id: number) {
  const entry = timers.get(id);
  if (!entry?.holds || --entry.holds) return;
  entry.timer = setTimeout(() => dismissToast(id), entry.ms);
}

/**
 * Puts the message in the layout's live region, which has been in the page since it loaded (a region created
 * with its first message is not announced). While a modal dialog is open the rest of the page is inert and
 * silent, so the region waits inside the topmost one, moved there when the dialog opened. When it has to move
 * now (its dialog left the page without closing), the message follows a moment later, once it is in place.
 */
function speak(id: number, message: string) {
  if (typeof document === 'undefined') return;
  const moved = placeLiveRegion();
  const region = live;
  if (!region) return;
  const line = document.createElement('p');
  line.dataset.id = String(id);
  line.textContent = message;
  if (moved) setTimeout(() => timers.has(id) && region.append(line), 150);
  else region.append(line);
}

let live: HTMLElement | null = null;

/** Moves the live region into the topmost open modal dialog, or back to the end of the body when none is open; true when it moved. */
function placeLiveRegion(): boolean {
  if (!live?.isConnected) live = document.querySelector<HTMLElement>(LIVE) ?? live;
  if (!live) return false;
  const home = [...document.querySelectorAll('dialog:modal')].at(-1) ?? document.body;
  if (live.parentElement === home) return false;
  home.append(live);
  return true;
}

/** Wakes the page's Toaster island, if it sleeps. */
function announce() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT));
}

if (typeof document !== 'undefined') {
  // The client router brings a new, sleeping Toaster: wake it when toasts are still on screen.
  document.addEventListener('astro:page-load', () => $toasts.get().length && announce());
  // A dialog opening takes the live region in before any message comes; one closing (and perhaps about to be
  // removed from the page) gives it back to the body first.
  document.addEventListener('toggle', () => placeLiveRegion(), true);
  document.addEventListener(
    'beforetoggle',
    (event) => (event as ToggleEvent).newState === 'closed' && live && (event.target as Node).contains(live) && document.body.append(live),
    true,
  );
}
