import { describe, expect, it } from 'vitest';
import { ruleSchema } from '../../../contract/rules';
import { headerSlots, logoSize, searchWidth, splitPlaceholders } from './header-data';
import { popupOnPage } from '../popup-rules';
import { sanitizeMerchantHtml } from '../../../lib/sanitize';

describe('header settings', () => {
  it('places every part exactly once in each template, and falls back to template 1', () => {
    for (const template of [1, 2, 3, 4, 5]) {
      const { left, centre, right } = headerSlots(template);
      const parts = [...left, ...centre, ...right].filter((p) => p !== 'links').sort();
      expect(parts, `template ${template}`).toEqual(['account', 'cart', 'logo', 'pincode', 'search']);
    }
    expect(headerSlots(9)).toEqual(headerSlots(1));
    expect(headerSlots(2).centre).toEqual(['logo']);
  });

  it('reads the search width (default 100 percent) and logo size (56 by 56, contain) defensively', () => {
    expect(searchWidth('{"width":60}')).toBe(60);
    expect(searchWidth('{}')).toBe(100);
    expect(searchWidth('not json')).toBe(100);
    expect(searchWidth('{"width":-5}')).toBe(100);
    expect(logoSize('{}')).toEqual({ width: 56, height: 56, fit: 'contain' });
    expect(logoSize('')).toEqual({ width: 56, height: 56, fit: 'contain' });
    expect(logoSize('{"image_width":64,"image_height":40,"image_size":"cover"}')).toEqual({ width: 64, height: 40, fit: 'cover' });
    expect(logoSize('{"image_size":"url(x)"}').fit).toBe('contain');
  });

  it("splits merchant HTML after each placeholder, so the shop's parts go inside", () => {
    const html = sanitizeMerchantHtml('<nav><a href="/">Home</a><div data-placeholder="search"></div><span data-placeholder="cart" class="c"></span></nav>');
    expect(splitPlaceholders(html)).toEqual([
      '<nav><a href="/">Home</a><div data-placeholder="search">',
      { part: 'search' },
      '</div><span data-placeholder="cart" class="c">',
      { part: 'cart' },
      '</span></nav>',
    ]);
    expect(splitPlaceholders('<p>No placeholders</p>')).toEqual(['<p>No placeholders</p>']);
  });
});

describe('popup rules', () => {
  it('shows only on / and /products', () => {
    expect(popupOnPage('/')).toBe(true);
    expect(popupOnPage('/products')).toBe(true);
    expect(popupOnPage('/products/')).toBe(true);
    expect(popupOnPage('/about')).toBe(false);
    expect(popupOnPage('/products/some-slug')).toBe(false);
  });
});

describe('ruleSchema', () => {
  it('refuses on the server with the words the form shows', () => {
    const phone = ruleSchema({ label: 'Phone', required: true, pattern: 'phone' });
    expect(phone.safeParse('9876500001').success).toBe(true);
    expect(phone.safeParse('').error?.issues[0]?.message).toBe('Phone is required');
    expect(phone.safeParse('12345').error?.issues[0]?.message).toBe('Phone is not in valid format');
  });
});
