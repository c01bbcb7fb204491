import { expect, test, type Page } from '@playwright/test';
import { CLOBBER_HOST, HOSTILE_HOST, seedHostileShops } from './hostile-shop';

/**
 * Merchant data never runs script, never leaves its page and never shadows the page's own elements: the
 * shell (navigation, footer, popup, logo, favicon, SEO image, custom navbar and footer) and the content
 * blocks of websites whose stored data is hostile (e2e/hostile-shop.ts).
 */

const on = (host: string, baseURL: string | undefined, path = '/') => `http://${host}:${new URL(baseURL!).port}${path}`;

test.beforeAll(async () => {
  await seedHostileShops();
});

/** Every URL-bearing attribute on the page whose resolved scheme is not http(s), mailto or tel. */
const unsafeUrls = (page: Page) =>
  page.evaluate(() => {
    const allowed = new Set(['http:', 'https:', 'mailto:', 'tel:']);
    const found: string[] = [];
    const check = (el: Element, attr: string, value: string) => {
      try {
        if (!allowed.has(new URL(value, document.baseURI).protocol)) found.push(`<${el.localName} ${attr}="${value}">`);
      } catch {
        found.push(`<${el.localName} ${attr}="${value}"> (unparseable)`);
      }
    };
    for (const el of document.querySelectorAll('*')) {
      for (const attr of ['href', 'src', 'action', 'formaction', 'poster', 'data', 'background']) {
        const value = el.getAttribute(attr);
        if (value !== null) check(el, attr, value);
      }
      const srcset = el.getAttribute('srcset');
      if (srcset !== null) for (const candidate of srcset.split(',')) check(el, 'srcset', candidate.trim().split(/\s+/)[0] ?? '');
    }
    const og = document.querySelector('meta[property="og:image"]')?.getAttribute('content');
    if (og) check(document.querySelector('meta[property="og:image"]')!, 'content', og);
    return found;
  });

/** The HTML as sent, with every blank and control character a URL parser would skip taken out. */
const scriptSchemes = (html: string) => html.replace(/[\u0000-\u0020]/g, '').match(/(java|vb)script:|data:text\/html/gi) ?? [];

test.describe('links and images from merchant data', () => {
  for (const path of ['/', '/products', '/styled']) {
    test(`no script URL reaches the page at ${path}, shell and blocks alike @desktop`, async ({ page, baseURL }) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const response = await page.goto(on(HOSTILE_HOST, baseURL, path));
      expect(response!.status()).toBe(200);
      expect(scriptSchemes(await response!.text())).toEqual([]);
      expect(await unsafeUrls(page)).toEqual([]);
      // The safe parts of the same data still render.
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
      await expect(page.getByRole('contentinfo').getByText('Evil footer')).toHaveCount(0);
      expect(dialogs).toEqual([]);
    });
  }

  test('the navigation keeps its safe items and drops the script ones @desktop', async ({ page, baseURL }) => {
    await page.goto(on(HOSTILE_HOST, baseURL));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Evil' })).toHaveCount(0);
    await nav.getByText('More').click();
    await expect(nav.getByRole('link', { name: 'Fine child' })).toHaveAttribute('href', '/products');
    await expect(nav.getByRole('link', { name: /Evil child|All More/ })).toHaveCount(0);
  });

  test('a custom navbar and footer carry no script link either @desktop', async ({ page, baseURL }) => {
    const response = await page.goto(on(CLOBBER_HOST, baseURL));
    expect(scriptSchemes(await response!.text())).toEqual([]);
    expect(await unsafeUrls(page)).toEqual([]);
    await expect(page.locator('[data-custom-navbar]').getByText('Deals')).toBeVisible();
  });
});

test.describe('merchant ids cannot shadow the page', () => {
  const errors = (page: Page) => {
    const list: string[] = [];
    page.on('pageerror', (error) => list.push(error.message));
    return list;
  };
  const badge = (page: Page) => page.locator('[data-cart-badge]').filter({ visible: true });
  const addFirst = (page: Page) => page.locator('[data-product-grid] article, [data-block="product_grid"] article').getByRole('button', { name: 'Add to Cart' }).first().click();

  test('an id="cart-state" in the custom navbar and a block leaves the real cart badge and cart working', async ({ page, baseURL }) => {
    const thrown = errors(page);
    await page.goto(on(CLOBBER_HOST, baseURL));
    await expect(page.locator('[data-cart-button]').filter({ visible: true })).toHaveAttribute('aria-label', 'Cart');
    await expect(badge(page)).toHaveCount(0);
    // The merchant's own ids are kept, renamed into their own namespace.
    await expect(page.locator('#user-content-cart-state')).toHaveCount(2);
    // The cart islands take the cart from their own props: the page looks nothing up by id.
    await expect(page.locator('#cart-state')).toHaveCount(0);
    await addFirst(page);
    await expect(badge(page)).toHaveText('1');
    expect(thrown).toEqual([]);
  });

  test('an id="cart-state" with broken JSON in a rich-text block breaks no cart script @desktop', async ({ page, baseURL }) => {
    const thrown = errors(page);
    await page.goto(on(HOSTILE_HOST, baseURL));
    await expect(badge(page)).toHaveCount(0);
    await addFirst(page);
    await expect(badge(page)).toHaveText('1');
    expect(thrown).toEqual([]);
    // A same-page link in merchant HTML follows its renamed target.
    await expect(page.locator('[data-block="rich_html"] a', { hasText: 'faq' })).toHaveAttribute('href', '#user-content-faq');
    await expect(page.locator('#user-content-faq')).toHaveText('FAQ');
  });
});

test.describe('page CSS stays inside its page', () => {
  const outside = (page: Page) =>
    page.evaluate(() => {
      const pick = (el: Element | null) => {
        if (!el) return null;
        const s = getComputedStyle(el);
        return { display: s.display, visibility: s.visibility, background: s.backgroundColor, position: s.position, opacity: s.opacity, transform: s.transform };
      };
      return { html: pick(document.documentElement), body: pick(document.body), header: pick(document.querySelector('header')), footer: pick(document.querySelector('footer')) };
    });

  test('hostile CSS changes nothing outside the page and draws nothing over the header, the footer or beside the page', async ({ page, baseURL }) => {
    await page.goto(on(HOSTILE_HOST, baseURL));
    const clean = await outside(page);
    await page.goto(on(HOSTILE_HOST, baseURL, '/styled'));
    expect(await outside(page)).toEqual(clean);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // An escaped `fixed` is still `fixed` to the browser: it must not be applied.
    expect(await page.locator('.pin').evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
    // Nothing the page draws lands outside the page's own box: over the header, beside the page, over the footer.
    const drawnOutside = (probes: 'header' | 'beside' | 'footer') =>
      page.evaluate((where) => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const points: [number, number][] =
          where === 'header'
            ? [0.5, 0.02, 0.98].map((f) => [box('header').left + box('header').width * f, box('header').top + box('header').height / 2])
            : where === 'beside'
              ? // A content page is full width: beside its box there may be no window left to probe (and then none is).
                ([[box('[data-page-box]').left - 2, box('[data-page-box]').top + 10], [box('[data-page-box]').right + 2, box('[data-page-box]').top + 10]] as [number, number][]).filter(([x]) => x >= 0 && x < window.innerWidth)
              : [0.5, 0.02].map((f) => [box('footer').left + box('footer').width * f, box('footer').top + 5]);
        return points.filter(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-page]')).map(([x, y]) => `${Math.round(x)},${Math.round(y)}`);
      }, probes);
    expect(await drawnOutside('header')).toEqual([]);
    expect(await drawnOutside('beside')).toEqual([]);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await drawnOutside('footer')).toEqual([]);
  });
});
