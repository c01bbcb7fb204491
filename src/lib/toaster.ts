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
 * Islands and scripts call it once; later calls do nothing.
 */
export function mountToaster(doc: Document = document) {
  if (mounted) return;
  mounted = true;
  const region = doc.createElement('div');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('data-toaster', '');
  region.className = 'pointer-events-none fixed inset-x-0 bottom-4 z-[9999] flex flex-col items-center gap-2 px-4';
  doc.body.append(region);
  $toasts.subscribe((toasts) => {
    region.replaceChildren(
      ...toasts.map((t) => {
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
      }),
    );
  });
  // The client router swaps <body>: bring the region along.
  doc.addEventListener('astro:after-swap', () => doc.body.append(region));
}
