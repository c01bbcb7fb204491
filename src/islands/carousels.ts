import Swiper from 'swiper';
import { Autoplay } from 'swiper/modules';
import '../styles/swiper.css';
import { carouselOptions, type CarouselKind } from '../lib/carousel';

/**
 * Turns the server-rendered scroll-snap rows into Swiper carousels, each only when it comes into view: the
 * rows scroll by themselves without JavaScript, so Swiper's classes are added here, at the last moment.
 * Autoplay pauses on hover, on a swipe, and while the tab is hidden, and resumes after.
 */
const live = new Set<Swiper>();

function start(section: HTMLElement) {
  const list = section.querySelector('ul');
  if (!list || section.dataset.carouselReady) return;
  section.dataset.carouselReady = '';
  section.classList.add('swiper');
  list.className = 'swiper-wrapper';
  for (const item of list.children) item.classList.add('swiper-slide');
  const kind = section.dataset.block as CarouselKind;
  const swiper = new Swiper(section, {
    modules: [Autoplay],
    ...carouselOptions(kind, Number(section.dataset.autoplay) || undefined),
    on: {
      slideChange: (s) => section.setAttribute('data-active-index', String(s.realIndex)),
    },
  });
  section.setAttribute('data-active-index', String(swiper.realIndex));
  live.add(swiper);
}

let started = false;

export function enhanceCarousels() {
  if (started) return;
  started = true;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      start(entry.target as HTMLElement);
    }
  });
  const watch = () => document.querySelectorAll<HTMLElement>('[data-carousel]:not([data-carousel-ready])').forEach((el) => observer.observe(el));
  document.addEventListener('astro:page-load', watch);
  document.addEventListener('astro:before-swap', () => {
    live.forEach((s) => s.destroy(true, false));
    live.clear();
  });
  document.addEventListener('visibilitychange', () => live.forEach((s) => (document.hidden ? s.autoplay?.pause() : s.autoplay?.resume())));
}
