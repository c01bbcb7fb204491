/** Carousel settings of docs/product.md#carousels, shared by every carousel the storefront draws. */

const AUTOPLAY_MS = 2500;
const HERO_AUTOPLAY_MS = 2000;

/** Slider defaults: speed 300 ms, threshold 5, long swipes 300 ms at ratio 0.5, resistance ratio 0.85. */
const SLIDER_DEFAULTS = { speed: 300, threshold: 5, longSwipesMs: 300, longSwipesRatio: 0.5, resistanceRatio: 0.85 } as const;

/**
 * Product carousels: 1 slide from 640 px, 2 from 768 px, 5 from 1024 px (docs/product.md#carousels). Below 640 px
 * phones get 2 (our choice), so a card is not wider than the screen's hero.
 */
const PRODUCT_BREAKPOINTS = { 640: { slidesPerView: 1 }, 768: { slidesPerView: 2 }, 1024: { slidesPerView: 5 } } as const;

export type CarouselKind = 'hero' | 'product_carousel' | 'category_carousel' | 'brand_carousel' | 'supplier_carousel';

/** Swiper options for a kind of carousel. */
export function carouselOptions(kind: CarouselKind, heroDelay = HERO_AUTOPLAY_MS) {
  const autoplay = { delay: kind === 'hero' ? heroDelay : AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false };
  if (kind === 'hero') return { ...SLIDER_DEFAULTS, slidesPerView: 1, rewind: true, autoplay };
  if (kind === 'product_carousel') return { ...SLIDER_DEFAULTS, slidesPerView: 2, spaceBetween: 12, breakpoints: PRODUCT_BREAKPOINTS, autoplay };
  return { ...SLIDER_DEFAULTS, slidesPerView: 'auto' as const, spaceBetween: 12, autoplay };
}
