import Swiper from 'swiper';
import { Autoplay } from 'swiper/modules';
import { carouselOptions, type CarouselKind } from './carousel-options';

/** Makes a scroll-snap row a Swiper carousel at `initialSlide`, with the product's slider settings (docs/product.md#carousels) and autoplay. */
export function startSwiper(section: HTMLElement, list: HTMLElement, initialSlide: number): Swiper {
  section.classList.add('swiper');
  list.className = 'swiper-wrapper';
  list.scrollLeft = 0;
  for (const item of list.children) item.classList.add('swiper-slide');
  const swiper = new Swiper(section, {
    modules: [Autoplay],
    ...carouselOptions(section.dataset.block as CarouselKind, Number(section.dataset.autoplay) || undefined),
    initialSlide,
    on: { slideChange: (s) => section.setAttribute('data-active-index', String(s.realIndex)) },
  });
  section.setAttribute('data-active-index', String(swiper.realIndex));
  return swiper;
}
