import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrate an island on its first pointerdown, touchstart, focusin or keydown; hold the first
 * tap on a submit button and replay it once after hydration (or post the form natively after FALLBACK_MS); with
 * "cart" or "toasts", also wake when the cart changes or a toast is pushed. Why and how:
 * docs/decisions/hydrate-on-first-interaction.md. Compiled into one small script that runs before the page's
 * first island (src/lib/hydrate/integration.mjs): it must stay small and import nothing at run time.
 */
const WAKE_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
const FALLBACK_MS = 3000;
// Copies, since this file imports nothing at run time; src/features/cart/directive-constants.test.ts checks that
// they still equal the originals.
/** The cart's window event and BroadcastChannel name (src/features/cart/store.ts). */
export const CART_EVENT = 'storefront:cart';
export const CART_CHANNEL = 'storefront-cart';
/** The toasts store's window event (src/stores/toasts.ts). */
export const TOAST_EVENT = 'storefront:toast';
/** The anti-forgery cookie (contract XSRF_COOKIE). */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** The page's held posts, sent one after another (every island's directive shares this module). */
let posting: Promise<void> = Promise.resolve();
/** Taps held on this page and not yet replayed or sent, and posts sent: the page loads again when the last is sent. */
let waiting = 0;
let sent = 0;
const settle = () => {
  if (!--waiting && sent) location.reload();
};

/** Sends a held post with fetch (the redirect it answers is not followed); true when it was answered so. */
function send(form: HTMLFormElement, submitter: HTMLElement): Promise<boolean> {
  const field = form.elements.namedItem('xsrf') as HTMLInputElement | null;
  if (field && !field.value) field.value = decodeURIComponent(document.cookie.split(XSRF_COOKIE + '=')[1]?.split(';')[0] ?? '');
  return fetch(form.action, { method: 'POST', body: new FormData(form, submitter), redirect: 'manual' }).then((answer) => answer.type == 'opaqueredirect');
}

const interaction: ClientDirective = (load, options, el) => {
  let woken = false;
  let hydrated = false;
  /** The submit button whose click waits for hydration; `posted` once the native fallback has sent its form. */
  let held: HTMLElement | 'posted' | null = null;
  let channel: BroadcastChannel | null = null;

  const wake = () => {
    if (woken) return;
    woken = true;
    for (const type of WAKE_EVENTS) el.removeEventListener(type, wake, true);
    window.removeEventListener(CART_EVENT, wake);
    window.removeEventListener(TOAST_EVENT, wake);
    channel?.close();
    void load()
      .then((hydrate) => hydrate())
      .then(() => {
        hydrated = true;
        el.removeEventListener('click', hold, true);
        if (held instanceof HTMLElement) {
          const target = held;
          held = null;
          waiting--;
          target.removeAttribute('aria-busy');
          if (target.isConnected) target.click();
        }
      });
  };

  /** The post, when hydration is too slow: what the shopper would have had without JavaScript. */
  const fallback = (target: HTMLElement) => {
    if (hydrated || held !== target) return;
    held = 'posted';
    const form = (target as HTMLButtonElement).form;
    if (!form) return;
    if (form.method !== 'post') return form.requestSubmit(target);
    // Not answered with a redirect (refused, or fetch failed): submitted natively, as without JavaScript.
    const native = () => form.requestSubmit(target);
    posting = posting
      .then(() => send(form, target))
      .then((ok) => (ok ? (sent++, settle()) : native()), native);
  };

  const hold = (event: MouseEvent) => {
    if (hydrated) return;
    // Only a form's submit button waits: links and popover buttons work natively before hydration.
    const target = (event.target as Element).closest<HTMLButtonElement | HTMLInputElement>('button, input[type="submit"]');
    if (!target?.form || target.type !== 'submit' || !el.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held) return; // a second tap before hydration: the first one already counts
    held = target;
    waiting++;
    target.setAttribute('aria-busy', 'true');
    wake();
    setTimeout(() => fallback(target), FALLBACK_MS);
  };

  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { capture: true, passive: true });
  el.addEventListener('click', hold, true);
  if (options.value === 'cart') {
    window.addEventListener(CART_EVENT, wake);
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CART_CHANNEL);
      channel.onmessage = (event) => {
        // Handed to the cart store when it loads: this island wakes for a change it must show.
        (window as unknown as { __storefrontCartMessage?: unknown }).__storefrontCartMessage = event.data;
        wake();
      };
    }
  }
  if (options.value === 'toasts') window.addEventListener(TOAST_EVENT, wake);
  whenIdle(() => prefetchChunks(el));
};

const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 2000);

/** Whether the browser asks for less data: Save-Data, or a 2G connection. */
function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

const prefetched = new Set<string>();
const IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g;

/**
 * Puts the island's chunks and the modules they import (two levels: the renderer, then React) into the HTTP
 * cache with low-priority fetches (downloaded, not run), so the first tap is quick.
 */
function prefetchChunks(el: HTMLElement) {
  if (savingData()) return;
  const prefetch = (url: string, depth: number) => {
    if (prefetched.has(url) || prefetched.size >= 12) return;
    prefetched.add(url);
    void fetch(url, { priority: 'low' } as RequestInit)
      .then((answer) => (answer.ok && depth > 0 ? answer.text() : ''))
      .then((source) => {
        for (const [, path] of source.matchAll(IMPORT)) prefetch(new URL(path!, url).href, depth - 1);
      })
      .catch(() => undefined);
  };
  for (const name of ['renderer-url', 'component-url']) {
    const url = el.getAttribute(name);
    if (url) prefetch(new URL(url, location.href).href, 2);
  }
}

export default interaction;
