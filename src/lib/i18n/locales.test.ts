import { describe, expect, it } from 'vitest';
import { hindiFirst } from './browser-languages';
import { localizePath, splitLocale } from './locales';

describe('the language of an address', () => {
  it('is Hindi under /hi/ and English anywhere else, with the path the route sees', () => {
    expect(splitLocale('/hi/products/basmati-rice')).toEqual({ locale: 'hi', path: '/products/basmati-rice' });
    expect(splitLocale('/hi')).toEqual({ locale: 'hi', path: '/' });
    expect(splitLocale('/hi/')).toEqual({ locale: 'hi', path: '/' });
    expect(splitLocale('/products')).toEqual({ locale: 'en', path: '/products' });
    // A page whose slug only begins with the letters is not Hindi.
    expect(splitLocale('/hing-powder')).toEqual({ locale: 'en', path: '/hing-powder' });
  });

  it('puts a same-site page path in a language, its query and fragment kept, and leaves everything else as it was', () => {
    expect(localizePath('/products?q=dal#top', 'hi')).toBe('/hi/products?q=dal#top');
    expect(localizePath('/', 'hi')).toBe('/hi');
    expect(localizePath('/hi/products', 'en')).toBe('/products');
    expect(localizePath('/hi/products', 'hi')).toBe('/hi/products');
    // A content page whose path only begins like a staff tool's is a page like any other.
    expect(localizePath('/bosch-offers', 'hi')).toBe('/hi/bosch-offers');
    for (const href of ['https://example.com/x', '//evil.example/x', 'mailto:a@b.in', '#main', '/s/api/init', '/_astro/a.js', '/cart/add', '/media/a.webp', '/bos/admin', '/sitemap-2.xml']) {
      expect(localizePath(href, 'hi'), href).toBe(href);
    }
  });

  it('finds Hindi before English in the browser’s languages, most wanted first', () => {
    expect(hindiFirst(['hi-IN', 'hi', 'en-US', 'en'])).toBe(true);
    expect(hindiFirst(['en-IN', 'hi'])).toBe(false);
    expect(hindiFirst(['mr-IN', 'hi-IN', 'en'])).toBe(true);
    expect(hindiFirst(['HI'])).toBe(true);
    expect(hindiFirst(['mr-IN', 'en-GB'])).toBe(false);
    expect(hindiFirst([])).toBe(false);
  });
});
