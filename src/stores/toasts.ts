import { atom } from 'nanostores';
import { errorMessage } from '../lib/errors';

const TOAST_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
/** How long a toast stays (docs/product.md#constants). */
const TOAST_MS = 5000;
/** The window event a new toast raises, which wakes the sleeping Toaster island (`client:interaction="toasts"`). */
export const TOAST_EVENT = 'storefront:toast';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

/** The toasts on screen, newest last. */
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

/** A known toast type as given, any other as info. */
export const toastType = (type: string): ToastType => ((TOAST_TYPES as readonly string[]).includes(type) ? (type as ToastType) : 'info');

/** Shows a toast for 5 s; an unknown type falls back to info. Returns its id. */
export function toast(message: string, type: string = 'info', ms = TOAST_MS): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, type: toastType(type), message }]);
  setTimeout(() => dismissToast(id), ms);
  announce();
  return id;
}

/** Shows the error toast for any failure, worded by the product's rules (docs/product.md#errors). */
export const toastError = (failure: unknown) => toast(errorMessage(failure), 'error');

/** Takes a toast off the screen. */
export function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Wakes the page's Toaster island, if it sleeps. */
function announce() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT));
}

// The client router brings a new, sleeping Toaster: wake it when toasts are still on screen.
if (typeof document !== 'undefined') document.addEventListener('astro:page-load', () => $toasts.get().length && announce());
