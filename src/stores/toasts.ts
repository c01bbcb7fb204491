import { atom } from 'nanostores';
import { errorMessage } from '../lib/errors';

export const TOAST_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
/** How long a toast stays (spec section 9). */
export const TOAST_MS = 5000;

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

/** The toasts on screen, newest last. */
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

/** Shows a toast for 5 s; an unknown type falls back to info. Returns its id. */
export function toast(message: string, type: string = 'info', ms = TOAST_MS): number {
  const id = nextId++;
  const kind = (TOAST_TYPES as readonly string[]).includes(type) ? (type as ToastType) : 'info';
  $toasts.set([...$toasts.get(), { id, type: kind, message }]);
  setTimeout(() => dismissToast(id), ms);
  return id;
}

/** Shows the error toast for any failure, worded by the spec's rules (section 8). */
export const toastError = (failure: unknown) => toast(errorMessage(failure), 'error');

export function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
