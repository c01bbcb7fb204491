import { POPUP_DELAY_MS, POPUP_STORAGE_KEY, popupAllowed } from './popup-rules';

let timers: number[] = [];
const clear = () => {
  timers.forEach(clearTimeout);
  timers = [];
};

function schedule() {
  clear();
  const popup = document.querySelector<HTMLElement>('[data-popup]');
  if (!popup) return;
  const image = popup.dataset.image ?? '';
  const once = popup.dataset.once === '1';
  const stored = (() => {
    try {
      return localStorage.getItem(POPUP_STORAGE_KEY);
    } catch {
      return null;
    }
  })();
  if (!popupAllowed(location.pathname, { image, once }, stored)) return;
  const hide = () => popup.hidePopover();
  popup.querySelector('[data-popup-close]')?.addEventListener('click', hide);
  timers.push(
    window.setTimeout(() => {
      // Never over a dialog, panel or menu the shopper has open: the offer stays unseen this time.
      if (document.querySelector(':popover-open, dialog[open]')) return;
      popup.showPopover();
      if (once) {
        try {
          localStorage.setItem(POPUP_STORAGE_KEY, image);
        } catch {
          // Private mode: the popup may show again, which is harmless.
        }
      }
      timers.push(window.setTimeout(hide, Number(popup.dataset.duration || 5) * 1000));
    }, POPUP_DELAY_MS),
  );
}

document.addEventListener('astro:page-load', schedule);
document.addEventListener('astro:before-swap', clear);
