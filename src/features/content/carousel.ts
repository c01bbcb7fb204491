import '../../styles/swiper.css';
import { carouselOptions, type CarouselKind } from './carousel-options';


/**
 * Carousels in two steps, so a page pays for Swiper only when a shopper handles a carousel.
 *
 * 1. In view: the server's scroll-snap row (it swipes natively, without JavaScript) gets a small autoplay
 *    driver: it scrolls to the next slide every `delay` ms (the hero rewinds to the first), pauses while a
 *    mouse is over the row, a finger or focus is in it, or the tab is hidden, and resumes after. It keeps
 *    `data-active-index` on the section. A shopper who asks for reduced motion gets no autoplay.
 * 2. On the first pointerdown, touchstart or focusin in a row that is not on a form (Add to Cart and the
 *    wishlist heart are islands of their own, and a tap on them moves nothing), Swiper (21 KB) loads and
 *    takes the row over at the slide it shows, with the product's slider settings, once the gesture has ended.
 */
const WAKE = ['pointerdown', 'touchstart', 'focusin'] as const;

interface Driver {
  stop(): void;
}

/** The index of the slide nearest the row's start edge. */
function nearestIndex(list: HTMLElement): number {
  const start = list.getBoundingClientRect().left;
  let best = 0;
  let distance = Infinity;
  [...list.children].forEach((item, i) => {
    const d = Math.abs(item.getBoundingClientRect().left - start);
    if (d < distance) [best, distance] = [i, d];
  });
  return best;
}

function drive(section: HTMLElement, list: HTMLElement, delay: number): Driver {
  const holds = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const mark = () => section.setAttribute('data-active-index', String(nearestIndex(list)));
  const next = () => {
    if (holds.size) return;
    const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 2;
    const target = list.children[atEnd ? 0 : nearestIndex(list) + 1] as HTMLElement | undefined;
    if (!target) return;
    const left = list.scrollLeft + target.getBoundingClientRect().left - list.getBoundingClientRect().left;
    list.scrollTo({ left, behavior: 'smooth' });
  };
  const hold = (why: string, on: boolean) => (on ? holds.add(why) : holds.delete(why));
  const listeners: [EventTarget, string, EventListener][] = [
    [list, 'scroll', debounce(mark, 100)],
    [section, 'pointerenter', (e) => (e as PointerEvent).pointerType === 'mouse' && hold('hover', true)],
    [section, 'pointerleave', () => hold('hover', false)],
    [section, 'focusin', () => hold('focus', true)],
    [section, 'focusout', () => hold('focus', false)],
    [section, 'touchstart', () => hold('touch', true)],
    [section, 'touchend', () => hold('touch', false)],
    [document, 'visibilitychange', () => hold('hidden', document.hidden)],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener, { passive: true });
  mark();
  timer = setInterval(next, delay);
  return {
    stop() {
      clearInterval(timer);
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    },
  };
}

function debounce(run: () => void, ms: number): () => void {
  let t: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(t);
    t = setTimeout(run, ms);
  };
}

/** Resolves once the row has been still for 150 ms with no finger on it (a native swipe has ended). */
function settled(section: HTMLElement, list: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    let t: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(t);
      if (!section.matches(':active')) t = setTimeout(done, 150);
    };
    const events = ['scroll', 'pointerup', 'touchend'].map((type) => [type === 'scroll' ? list : section, type] as const);
    const done = () => {
      for (const [target, type] of events) target.removeEventListener(type, arm);
      resolve();
    };
    for (const [target, type] of events) target.addEventListener(type, arm, { passive: true });
    arm();
  });
}

const drivers = new Map<HTMLElement, Driver>();
const swipers = new Set<{ destroy(deleteInstance?: boolean, cleanStyles?: boolean): void }>();

async function upgrade(section: HTMLElement) {
  const list = section.querySelector('ul');
  if (!list || section.dataset.carouselReady !== undefined) return;
  section.dataset.carouselReady = '';
  const { startSwiper } = await import('./swiper-start');
  await settled(section, list);
  const initialSlide = nearestIndex(list);
  drivers.get(section)?.stop();
  drivers.delete(section);
  const swiper = startSwiper(section, list, initialSlide);
  swipers.add(swiper);
}

function watch(observer: IntersectionObserver) {
  for (const section of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
    if (drivers.has(section) || section.dataset.carouselReady !== undefined) continue;
    observer.observe(section);
    const wake = (event: Event) => {
      if ((event.target as Element).closest?.('form')) return;
      for (const type of WAKE) section.removeEventListener(type, wake, true);
      void upgrade(section);
    };
    for (const type of WAKE) section.addEventListener(type, wake, { capture: true, passive: true });
  }
}

let started = false;

/** Starts autoplay on each carousel as it comes into view and Swiper on a carousel's first interaction. */
export function enhanceCarousels() {
  if (started) return;
  started = true;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const observer = new IntersectionObserver((entries) => {
    for (const { target, isIntersecting } of entries) {
      const section = target as HTMLElement;
      const list = section.querySelector('ul');
      if (!isIntersecting || !list || drivers.has(section) || section.dataset.carouselReady !== undefined) continue;
      observer.unobserve(section);
      const options = carouselOptions(section.dataset.block as CarouselKind, Number(section.dataset.autoplay) || undefined);
      drivers.set(section, still ? { stop() {} } : drive(section, list, options.autoplay.delay));
    }
  });
  watch(observer);
  document.addEventListener('astro:page-load', () => watch(observer));
  document.addEventListener('astro:before-swap', () => {
    drivers.forEach((driver) => driver.stop());
    drivers.clear();
    swipers.forEach((s) => s.destroy(true, false));
    swipers.clear();
  });
}
