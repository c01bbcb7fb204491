import { api } from '../../lib/api/browser';
import { toastError } from '../../stores/toasts';

/** Spec sections 2 and 9: handlers attach 1000 ms after the content appears; the thank-you shows ~600 ms. */
export const ATTACH_AFTER_MS = 1000;
export const THANKS_MS = 600;

function thanks(text: string) {
  const box = document.createElement('div');
  box.setAttribute('role', 'status');
  box.dataset.thanks = '';
  box.className = 'fixed inset-0 z-[9999] grid place-items-center bg-black/30';
  box.innerHTML = '<p class="max-w-sm rounded-xl bg-background px-6 py-5 text-center font-medium shadow-2xl"></p>';
  box.querySelector('p')!.textContent = text;
  document.body.append(box);
  setTimeout(() => box.remove(), THANKS_MS);
}

async function submit(form: HTMLFormElement, button: HTMLButtonElement) {
  const label = button.textContent;
  button.textContent = 'Wait Saving...';
  button.disabled = true;
  form.querySelectorAll<HTMLElement>('[data-field-error]').forEach((e) => (e.textContent = ''));
  const formdata: Record<string, string | boolean> = {};
  for (const [key, value] of new FormData(form)) if (!['xsrf', 'formtype', 'return'].includes(key) && typeof value === 'string') formdata[key] = value;
  try {
    const answer = await api().submitForm({ emailactivation: 1, formtype: String(new FormData(form).get('formtype')), formdata });
    form.reset();
    thanks(answer.message);
  } catch (error) {
    const fields = (error as { body?: { errors?: Record<string, string[]> } }).body?.errors ?? {};
    for (const [name, messages] of Object.entries(fields)) {
      const slot = form.querySelector<HTMLElement>(`[data-field-error="${name}"]`);
      if (slot) slot.textContent = messages[0] ?? '';
    }
    toastError(error);
  } finally {
    button.textContent = label;
    button.disabled = false;
  }
}

function attach() {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-dynamic-form]:not([data-ready])')) {
    form.dataset.ready = '';
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      event.stopPropagation();
      void submit(form, (event.submitter as HTMLButtonElement) ?? form.querySelector('button[type="submit"]')!);
    });
  }
}

let started = false;

export function enhanceDynamicForms() {
  if (started) return;
  started = true;
  document.addEventListener('astro:page-load', () => setTimeout(attach, ATTACH_AFTER_MS));
}
