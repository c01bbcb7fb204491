import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerWithApi, signInThroughApi } from './support/accounts';
import { awake, settled, transitionEnded } from './support/islands';
import { cartReadyForCheckout, placeOrdersThroughApi } from './support/checkout';

/**
 * Touch targets on every shopper page. On a phone (360 px wide, the small end of the shop's phones) every
 * control takes a tap of at least 44 × 44 px (WCAG 2.5.5, AAA, the shop's bar); on a desktop at least
 * 24 × 24 px (WCAG 2.5.8, AA), as a mouse points more finely than a thumb.
 *
 * Measured: every visible a[href], button, input, select, textarea, summary, [role=button] and [tabindex="0"],
 * except links in running text (a paragraph with words of its own beside the link: WCAG's inline exception).
 * A checkbox or radio is measured by its label, which is what a shopper taps. A control whose box is smaller
 * counts by its hit area: how far from its middle a tap still lands on it (a padding or a pseudo-element can
 * give a small-looking control a larger one), probed with elementFromPoint.
 */
test.describe.configure({ timeout: 150_000 });

interface Offender {
  name: string;
  width: number;
  height: number;
  page: string;
}

const phone = () => test.info().project.name === 'phone';

test.beforeEach(async ({ page }) => {
  if (phone()) await page.setViewportSize({ width: 360, height: 780 });
  else await page.setViewportSize({ width: 1280, height: 800 });
  // Carousels hold still, so that a control stays where it was measured.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** The controls inside `scope` smaller than `min` px either way, by their hit area, and how many were measured. */
async function smallTargets(scope: Locator, min: number, where: string): Promise<{ small: Offender[]; measured: number }> {
  const { small, measured } = await scope.evaluate((root, min) => {
    const selector = 'a[href], button, input, select, textarea, summary, [role=button], [tabindex="0"]';
    const nameOf = (el: Element) =>
      (el.getAttribute('aria-label') ?? (el.textContent ?? '').replace(/\s+/g, ' ').trim()) || el.getAttribute('title') || el.querySelector('img')?.getAttribute('alt') || el.getAttribute('name') || el.outerHTML.slice(0, 80);
    // A link inside a paragraph with words of its own (not a row of links or buttons set in a <p>).
    const inRunningText = (el: Element) => {
      const paragraph = el.tagName === 'A' ? el.closest('p') : null;
      if (!paragraph) return false;
      const words = paragraph.cloneNode(true) as Element;
      words.querySelectorAll('a, button').forEach((control) => control.remove());
      return (words.textContent ?? '').trim() !== '';
    };
    /** How far a tap still lands on `el` from its middle along one axis: the hit area's width or height. */
    const reach = (el: Element, target: Element, axis: 'x' | 'y') => {
      const r = target.getBoundingClientRect();
      const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
      const hits = (d: number) => {
        const hit = axis === 'x' ? document.elementFromPoint(cx + d, cy) : document.elementFromPoint(cx, cy + d);
        return hit !== null && (target.contains(hit) || el.contains(hit));
      };
      let before = 0;
      let after = 0;
      while (before < min && hits(-(before + 0.5))) before += 0.5;
      while (after < min && hits(after + 0.5)) after += 0.5;
      return before + after;
    };
    const seen = new Set<Element>();
    const small: { name: string; width: number; height: number }[] = [];
    let measured = 0;
    for (const el of root.querySelectorAll(selector)) {
      if (inRunningText(el)) continue;
      // A checkbox or radio is tapped by its label.
      const checkable = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
      const target = checkable ? (el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null) ?? el) : el;
      if (seen.has(target)) continue;
      seen.add(target);
      if (!target.checkVisibility({ visibilityProperty: true })) continue;
      const box = target.getBoundingClientRect();
      // Visually hidden (sr-only: 1 × 1 px, clipped) or not drawn.
      if (box.width <= 1 || box.height <= 1) continue;
      measured++;
      if (box.width >= min && box.height >= min) continue;
      target.scrollIntoView({ block: 'center', inline: 'center' });
      const now = target.getBoundingClientRect();
      const width = now.width >= min ? now.width : Math.max(now.width, reach(el, target, 'x'));
      const height = now.height >= min ? now.height : Math.max(now.height, reach(el, target, 'y'));
      if (width < min || height < min) small.push({ name: nameOf(target).slice(0, 60), width: Math.round(width), height: Math.round(height) });
    }
    return { small, measured };
  }, min);
  return { small: small.map((o) => ({ ...o, page: where })), measured };
}

/** Fails with one line per control too small, then the list itself. */
function expectNone(offenders: Offender[]) {
  const lines = offenders.map((o) => `${o.page}: "${o.name}" ${o.width} × ${o.height}`);
  expect(offenders, `controls smaller than the bar:\n${lines.join('\n')}\n`).toEqual([]);
}

/** What a shopper taps on this page (or in this dialog): every control smaller than the bar. */
async function measure(page: Page, where: string, scope: Locator = page.locator('body'), atLeast = 3): Promise<Offender[]> {
  await expect(scope).toBeVisible();
  // A page reached through the client router is measured once its view transition has ended (its overlay would
  // take the taps).
  await transitionEnded(scope.page());
  const first = await smallTargets(scope, phone() ? 44 : 24, where);
  // Something was measured: a page or dialog without its controls would pass with nothing to say.
  expect(first.measured, `controls measured on ${where}`).toBeGreaterThanOrEqual(atLeast);
  // A page the client router has just put in place may still be taking its styles in (a loaded CI machine once
  // measured the header's Login at its bare 20 px, its tap area not yet drawn): wait (2 s at most) for every control
  // to reach its size, and report those that never do.
  if (first.small.length === 0) return [];
  let small = first.small;
  await expect(async () => {
    small = (await smallTargets(scope, phone() ? 44 : 24, where)).small;
    expect(small).toEqual([]);
  })
    .toPass({ timeout: 2000 })
    .catch(() => undefined);
  return small;
}

test('the shop pages, the filter dialog and the cart panel: every control is at least 44 × 44 px on a phone, 24 × 24 px on a desktop', async ({ page, request }) => {
  const offenders: Offender[] = [];
  const { data } = (await (await request.get('/s/api/products?perPage=48&s=price_desc')).json()) as { data: { slug: string; product_name: string; brand_slug: string; packs: { in_stock: boolean }[] }[] };
  const product = data.find((p) => p.packs.some((k) => k.in_stock) && p.brand_slug)!;

  await page.goto('/');
  // The offer popup shows once on the first visit: its Close button counts too.
  const offer = page.getByRole('dialog', { name: 'Offer' });
  await expect(offer).toBeVisible({ timeout: 10_000 });
  offenders.push(...(await measure(page, 'home: the offer popup', offer, 1)));
  await page.keyboard.press('Escape');
  await expect(offer).toBeHidden();
  offenders.push(...(await measure(page, 'home')));
  if (phone()) {
    // The phone's side menu, every group in it open.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#side-menu');
    await settled(page, '#side-menu');
    await menu.locator('details').evaluateAll((groups) => groups.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    offenders.push(...(await measure(page, 'the side menu', menu)));
    await page.keyboard.press('Escape');
  }

  // A brand filter applied, so that the chips that remove it and Reset All show.
  await page.goto(`/products?b=${product.brand_slug}`);
  await expect(page.getByRole('list', { name: 'Active filters' })).toBeVisible();
  offenders.push(...(await measure(page, '/products with a filter')));
  await page.locator('summary', { hasText: 'Sort:' }).click();
  offenders.push(...(await measure(page, 'the sort menu', page.getByRole('list', { name: 'Sort by' }))));
  await page.locator('summary', { hasText: 'Sort:' }).click();
  if (phone()) {
    await page.getByRole('button', { name: 'Filters' }).click();
    await settled(page, '#category-filter');
    offenders.push(...(await measure(page, 'the filter dialog', page.getByRole('dialog', { name: 'Category Filter' }))));
    await page.keyboard.press('Escape');
  }

  await page.goto('/products?q=rice');
  offenders.push(...(await measure(page, 'search results')));

  await page.goto(`/products/${product.slug}`);
  offenders.push(...(await measure(page, 'a product page')));
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('group', { name: `Quantity of ${product.product_name}` }).locator('output')).toHaveText('1');
  await page.getByRole('button', { name: /^Cart/ }).filter({ visible: true }).click();
  const panel = page.getByRole('dialog', { name: 'Cart Summary' });
  await expect(panel.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);
  // The panel slides in: measured once it is still.
  await settled(page, '#cart-panel');
  offenders.push(...(await measure(page, 'the cart panel', panel)));

  await page.goto('/no-such-page');
  offenders.push(...(await measure(page, 'not found')));

  expectNone(offenders);
});

test('sign-in and its code page: every control is at least 44 × 44 px on a phone, 24 × 24 px on a desktop', async ({ page }) => {
  const offenders: Offender[] = [];
  await page.goto('/auth/login');
  offenders.push(...(await measure(page, '/auth/login')));
  await page.getByLabel('Mobile number or email').fill('9876500001');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  offenders.push(...(await measure(page, '/auth/verify')));
  expectNone(offenders);
});

test('checkout, the account pages and the listing signed in (with its wishlist hearts): every control is at least 44 × 44 px on a phone, 24 × 24 px on a desktop', async ({ page }) => {
  const offenders: Offender[] = [];
  await registerWithApi(page, String(9000013200 + (phone() ? 1 : 0)), 'Meera Iyer');
  const [id] = await placeOrdersThroughApi(page, 1);
  await cartReadyForCheckout(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  offenders.push(...(await measure(page, '/checkout')));
  for (const path of ['/products', '/account', '/account/orders', `/account/orders/${id}`, '/account/addresses', '/account/details']) {
    await page.goto(path);
    offenders.push(...(await measure(page, path)));
  }
  expectNone(offenders);
});

test('the pincode dialog, the wishlist dialog, the new-list dialog and the Confirm dialog: every control is at least 44 × 44 px on a phone, 24 × 24 px on a desktop', async ({ page }) => {
  test.slow(); // registers a shopper through the screens and opens five dialogs
  const offenders: Offender[] = [];
  await registerWithApi(page, String(9000013210 + (phone() ? 1 : 0)), 'Kavya Rao');
  // An order (and with it an address): its page has Cancel order, the address book a card to delete.
  const [id] = await placeOrdersThroughApi(page, 1);

  await page.goto('/products');
  await page.locator('[data-pincode-button]').filter({ visible: true }).click();
  const pincode = page.getByRole('dialog', { name: 'Change Location' });
  await expect(pincode.getByRole('textbox')).toBeVisible();
  offenders.push(...(await measure(page, 'the pincode dialog', pincode, 2)));
  await page.keyboard.press('Escape');
  await expect(pincode).toBeHidden();

  await page.locator('[data-product-grid] article').first().getByRole('button', { name: /wishlist: /i }).click();
  const lists = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await expect(lists.getByRole('button', { name: 'Create Another Wishlist' })).toBeVisible();
  offenders.push(...(await measure(page, 'the wishlist dialog', lists, 2)));
  await lists.getByRole('button', { name: 'Create Another Wishlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Another Wish List' });
  await expect(create.getByRole('button', { name: 'Cancel' })).toBeVisible();
  offenders.push(...(await measure(page, 'the new-list dialog', create, 3)));
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(lists).toBeHidden();

  await page.goto('/account/addresses');
  await awake(page, '[aria-label="Your addresses"]');
  await page.getByRole('list', { name: 'Your addresses' }).getByRole('button', { name: /^Delete the address/ }).first().click();
  const confirm = page.getByRole('dialog', { name: 'Please' });
  await expect(confirm.getByRole('button', { name: 'Confirm' })).toBeVisible();
  offenders.push(...(await measure(page, 'the Confirm dialog (delete an address)', confirm, 3)));
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();

  await page.goto(`/account/orders/${id}`);
  await awake(page, 'form[action^="/account/orders/"]');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const cancel = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Keep order' }) });
  await expect(cancel).toBeVisible();
  offenders.push(...(await measure(page, 'the Confirm dialog (cancel an order)', cancel, 3)));

  expectNone(offenders);
});

test('the date field’s calendar (the dashboard’s custom period): every control is at least 44 × 44 px on a phone, 24 × 24 px on a desktop, and it fits a 320 px screen', async ({ page }) => {
  test.slow(); // both calendars, every control measured
  const offenders: Offender[] = [];
  await signInThroughApi(page, '9876500002');
  await page.goto('/account/dashboard?from=2026-01-01&to=2026-01-31');
  // A custom range in the address opens the custom period's form on it.
  const period = page.getByRole('form', { name: 'Custom period' });
  await awake(page, '#custom-period');
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  for (const field of ['From', 'To']) {
    await period.getByLabel(field).click();
    await expect(calendar.getByRole('button', { name: 'Jan 15, 2026' })).toBeVisible();
    offenders.push(...(await measure(page, `the calendar (${field})`, calendar, 30)));
    // The field opens and closes its calendar.
    await period.getByLabel(field).click();
    await expect(calendar).toBeHidden();
  }
  expectNone(offenders);

  // On the smallest phones the open calendar stays inside the screen: the page does not scroll sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const field of ['From', 'To']) {
    await period.getByLabel(field).click();
    await expect(calendar).toBeVisible();
    const box = (await calendar.boundingBox())!;
    expect(box.x, `the ${field} calendar's left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `the ${field} calendar's right edge`).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page's width with the ${field} calendar open`).toBeLessThanOrEqual(320);
    await period.getByLabel(field).click();
    await expect(calendar).toBeHidden();
  }
});
