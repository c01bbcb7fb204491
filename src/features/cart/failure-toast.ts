import { $toasts, toast } from '../../stores/toasts';

/** Shows `message` as an error toast, unless the same message is already on screen (taps never stack it). */
export function showFailureOnce(message: string) {
  if (!$toasts.get().some((shown) => shown.message === message)) toast(message, 'error');
}
