import { POPUP_DELAY_MS, POPUP_STORAGE_KEY } from './popup-rules';

/** The one timer running: the popup's showing, then its going. */
let timer: ReturnType<typeof setTimeout>;
const clear = () => clearTimeout(timer);
/** Whether the shopper has pressed a key on this page: then the offer does not open (docs/accessibility.md). */
let typed = false;
const popupOf = () => document.querySelector<HTMLElement>('[data-popup]');

function schedule() {
  clear();
  typed = false;
  const popup = popupOf();
  if (!popup) return;
  // Only on / and /products: the server draws it nowhere else.
  const { image, once, duration } = popup.dataset;
  try {
    if (once && localStorage.getItem(POPUP_STORAGE_KEY) === image) return;
  } catch {
    // Private mode: nothing stored.
  }
  const hide = () => popup.hidePopover();
  timer = setTimeout(() => {
    // Never over a dialog, panel or menu the shopper has open, nor on a shopper using the keyboard (typing in a
    // field, or moving with Tab): the offer stays unseen this time.
    if (typed || document.querySelector(':popover-open,dialog[open]')) return;
    popup.showPopover();
    // Never over the control that has the focus: measured before anything is drawn, and gone unseen if it would.
    const a = popup.getBoundingClientRect();
    const focus = document.activeElement!;
    const b = focus.getBoundingClientRect();
    if (focus !== document.body && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) return hide();
    try {
      if (once) localStorage.setItem(POPUP_STORAGE_KEY, image!);
    } catch {
      // Private mode: the popup may show again, which is harmless.
    }
    // It goes after its duration, unless the pointer is over it or the focus is in it: then it stays until closed.
    timer = setTimeout(() => popup.matches(':hover,:focus-within') || hide(), +duration! * 1000);
  }, POPUP_DELAY_MS);
}

// A key pressed while it shows, with the focus outside it (Tab moving on behind it), closes it: it never covers
// the focus.
document.addEventListener('keydown', () => {
  typed = true;
  const popup = popupOf();
  if (!popup?.contains(document.activeElement)) popup?.hidePopover();
});
document.addEventListener('astro:page-load', schedule);
document.addEventListener('astro:before-swap', clear);
