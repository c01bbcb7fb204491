import { expect, test, type Page } from '@playwright/test';
import { registerWithApi, signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { awake } from './support/islands';
import { addAddressAtCheckout, cartReadyForCheckout, placeOrdersThroughApi, payOnProviderPage } from './support/checkout';

/**
 * axe-core on the shopper's main views, at desktop and phone sizes (both projects): no violation of any rule
 * or impact (none is turned off). Dialogs are opened by their visible buttons, as a shopper would, and checked while open.
 */
test.describe.configure({ timeout: 120_000 });

const firstProduct = async (page: Page) => (await (await page.request.get('/s/api/products?perPage=1')).json()).data[0].slug as string;

test('home has no accessibility violation', async ({ page }) => {
  await page.goto('/');
  expect(await axeViolations(page)).toEqual([]);
});

test('the listing has no accessibility violation', async ({ page }) => {
  await page.goto('/products');
  expect(await axeViolations(page)).toEqual([]);
});

test('a product page has no accessibility violation', async ({ page }) => {
  await page.goto(`/products/${await firstProduct(page)}`);
  expect(await axeViolations(page)).toEqual([]);
});

test('a product page with several images has no accessibility violation: the gallery scrolls by keyboard', async ({ page }) => {
  const { data } = await (await page.request.get('/s/api/products?perPage=48')).json();
  const product = (data as { slug: string; medias: unknown[] }[]).find((p) => p.medias.length > 1)!;
  await page.goto(`/products/${product.slug}`);
  const gallery = page.getByRole('list', { name: 'Product images: swipe, or use the arrow keys' });
  await gallery.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => gallery.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('"Skip to content" comes first in the tab order, shows when focused, and takes a keyboard past the header', async ({ page }) => {
  await page.goto('/products');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  expect(await page.evaluate(() => document.querySelector('a[href], button, input, select, textarea, [tabindex]')?.textContent)).toBe('Skip to content');
  await skip.focus();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('the open cart panel has no accessibility violation', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await page.getByRole('button', { name: /^Cart/ }).filter({ visible: true }).click();
  const panel = page.getByRole('dialog', { name: 'Cart Summary' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
});

test('the pincode dialog has no accessibility violation', async ({ page }) => {
  await page.goto('/products');
  await page.locator('[data-pincode-button]').filter({ visible: true }).click();
  await expect(page.getByRole('dialog', { name: 'Change Location' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the wishlist dialog, with a toast showing in it, has no accessibility violation', async ({ page }) => {
  await registerWithApi(page, String(9000012800 + (test.info().project.name === 'phone' ? 1 : 0)), 'Divya Kulkarni');
  await page.goto('/products');
  await page.locator('[data-product-grid] article').first().getByRole('button', { name: /wishlist: /i }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await dialog.getByRole('button', { name: 'Create Another Wishlist' }).click();
  await page.getByRole('dialog', { name: 'Create Another Wish List' }).getByLabel('New Wishlist').fill('Festive');
  await page.getByRole('dialog', { name: 'Create Another Wish List' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('[data-toaster] [data-type]').filter({ hasText: 'Wishlist added successfully' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add to Festive' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('sign-in has no accessibility violation', async ({ page }) => {
  await page.goto('/auth/login');
  expect(await axeViolations(page)).toEqual([]);
});

test('checkout, with its address form open and an order placed, and the success page have no accessibility violation', async ({ page }) => {
  await registerWithApi(page, String(9000017100 + (test.info().project.name === 'phone' ? 1 : 0)), 'Asha Verma');
  await cartReadyForCheckout(page);
  await page.goto('/checkout');
  await expect(page.getByRole('form', { name: 'New address' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // The cart panel and the page each hold a coupon form: no id twice, and the field is named once.
  expect(await page.evaluate(() => [...document.querySelectorAll('[id]')].map((el) => el.id).filter((id, i, ids) => ids.indexOf(id) !== i))).toEqual([]);
  await expect(page.locator('main input[name="code"]')).toHaveAccessibleName('Coupon code');
  await addAddressAtCheckout(page);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /^Place Order/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed.' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the account pages (orders, an order, its invoice, addresses, details) have no accessibility violation', async ({ page }) => {
  await registerWithApi(page, String(9000017200 + (test.info().project.name === 'phone' ? 1 : 0)), 'Asha Verma');
  await placeOrdersThroughApi(page, 1);
  // Paid online, so that it has an invoice (a cash on delivery order has one once delivered).
  const [id] = await placeOrdersThroughApi(page, 1, 'razorpay');
  await payOnProviderPage(page, id!);
  for (const path of ['/account', '/account/orders', `/account/orders/${id}`, `/account/orders/${id}/invoice`, '/account/addresses', '/account/details']) {
    await page.goto(path);
    expect(await axeViolations(page), path).toEqual([]);
  }
});

test('names and headings: card pictures are not named twice, the listing has an h2 above its cards, the pincode button is named by its words', async ({ page }) => {
  await page.goto('/products');
  const cards = page.locator('[data-product-grid] article');
  await expect(cards.first()).toBeVisible();
  // The picture sits in the link beside the product's name: an alt repeating it would read the name twice.
  expect(await cards.locator('a img').evaluateAll((images) => images.filter((img) => img.getAttribute('alt') !== '').length)).toBe(0);
  await expect(cards.first().getByRole('link')).toHaveAccessibleName(await cards.first().getByRole('heading').innerText());
  // Headings go h1, h2, then the cards' h3s: no level skipped.
  const levels = await page.locator('main').evaluate((main) => [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
  const results = await page.locator('[aria-labelledby="listing-title"]').evaluate((section) => [...section.querySelectorAll('h1, h2, h3')].map((h) => Number(h.tagName[1])));
  expect(results.slice(0, 3)).toEqual([1, 2, 3]);
  expect(levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1)).toEqual([]);
  // Label in name (WCAG 2.5.3): every word the pincode button shows is in its name.
  const button = page.locator('[data-pincode-button]').filter({ visible: true });
  const shown = await button.evaluate((el) => {
    const words: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement!.getBoundingClientRect().width > 1 && node.textContent!.trim()) words.push(node.textContent!.trim());
    }
    return words.join(' ');
  });
  expect(shown).not.toBe('');
  await expect(button).toHaveAccessibleName(new RegExp(shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
});

test('banner and popup pictures say their words in their alt text: every word drawn in the picture (big and small) is in it @desktop', async ({ page }) => {
  await page.goto('/');
  const pictures = page.locator('[data-block="hero"] img, [data-block="image_banner"] img, [data-popup] img');
  const found = await pictures.evaluateAll((images) =>
    images.map((img) => ({ alt: img.getAttribute('alt') ?? '', sources: [img.getAttribute('src')!, ...[...(img.closest('picture')?.querySelectorAll('source') ?? [])].map((s) => s.getAttribute('srcset')!)] })),
  );
  // Home's two slides, its banner and the offer popup.
  expect(found).toHaveLength(4);
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}%]+/gu) ?? ([] as string[]);
  for (const { alt, sources } of found) {
    for (const source of sources) {
      const svg = await (await page.request.get(source)).text();
      const drawn = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).join(' ');
      expect(drawn, source).not.toBe('');
      expect(words(drawn).filter((word) => !words(alt).includes(word)), `${source}: "${drawn}" in alt "${alt}"`).toEqual([]);
    }
  }
});

test('every text field shows a 2 px focus ring', async ({ page }) => {
  await page.goto('/auth/login');
  for (const field of [page.getByLabel('Mobile number or email'), page.locator('input[name="q"]').filter({ visible: true }).first()]) {
    await field.focus();
    expect(await field.evaluate((el) => { const style = getComputedStyle(el); return [style.outlineStyle, style.outlineWidth]; })).toEqual(['solid', '2px']);
  }
});

test('the date field and its open calendar (the dashboard’s custom period) have no accessibility violation', async ({ page }) => {
  await signInThroughApi(page, '9876500002');
  await page.goto('/account/dashboard?from=2026-01-01&to=2026-01-31');
  const period = page.getByRole('form', { name: 'Custom period' });
  await awake(page, '#custom-period');
  // The field says it opens a dialog and whether it is open: a combobox, where a text field may not be expanded.
  const from = period.getByRole('combobox', { name: 'From' });
  await expect(from).toHaveAttribute('aria-expanded', 'false');
  await from.click();
  await expect(from).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('dialog', { name: 'Choose a date' }).getByRole('button', { name: 'Jan 15, 2026' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
