import { POPUP_DELAY_MS, POPUP_STORAGE_KEY, popupAllowed } from './popup-rules';

let timers: number[] = [];
const clear = () => {
  timers.forEach(clearTimeout);
  timers = [];
};
/** Whether the shopper has pressed a key on this page: then the offer does not open (docs/accessibility.md). */
let typed = false;
const popupOf = () => document.querySelector<HTMLElement>('[data-popup]');

function schedule() {
  clear();
  typed = false;
  const popup = popupOf();
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
  timers.push(
    window.setTimeout(() => {
      // Never over a dialog, panel or menu the shopper has open, nor on a shopper using the keyboard (typing in a
      // field, or moving with Tab): the offer stays unseen this time.
      if (typed || document.querySelector(':popover-open, dialog[open]')) return;
      popup.showPopover();
      // Never over the control that has the focus: measured before anything is drawn, and gone unseen if it would.
      const a = popup.getBoundingClientRect();
      const focus = document.activeElement!;
      const b = focus.getBoundingClientRect();
      if (focus !== document.body && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) return hide();
      if (once) {
        try {
          localStorage.setItem(POPUP_STORAGE_KEY, image);
        } catch {
          // Private mode: the popup may show again, which is harmless.
        }
      }
      // It goes after its duration, unless the pointer is over it or the focus is in it: then it stays until closed.
      timers.push(window.setTimeout(() => popup.matches(':hover, :focus-within') || hide(), Number(popup.dataset.duration || 5) * 1000));
    }, POPUP_DELAY_MS),
  );
}

document.addEventListener('keydown', () => (typed = true));
// The focus moving to anything behind it closes it, so it never covers the focus.
document.addEventListener('focusin', (event) => popupOf()?.contains(event.target as Node) || popupOf()?.hidePopover());
document.addEventListener('astro:page-load', schedule);
document.addEventListener('astro:before-swap', clear);
