import { expect, test, type Page } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { cartReadyForCheckout } from './support/checkout';
import { holdHydration, oneInCartPanelOpen } from './support/islands';

/**
 * Where the keyboard's focus is (docs/accessibility.md), driven with the keyboard alone on freshly loaded pages,
 * so the first key press is also the one that wakes the island: the focus stays on the control the shopper
 * used while its call runs, passes from 'Add to Cart' to the stepper's + and back from − to 'Add to Cart'; and
 * nothing takes the focus when a page loads, except the code field of the page that asks for the code.
 */

// Tabbing through the listing's header and filters is a long walk for a keyboard, and slow on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** The focused element (none when the focus is on the page itself). */
const focused = (page: Page) => page.locator('*:focus');
const nothingFocused = (page: Page) => page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

/** Presses Tab until the focus is on a button named `name` (at most `limit` presses); answers the presses. */
async function tabTo(page: Page, name: string, limit = 120): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const active = document.activeElement;
      return active?.tagName === 'BUTTON' ? (active.getAttribute('aria-label') ?? active.textContent?.trim()) : null;
    });
    if (label === name) return presses;
  }
  return Infinity;
}

/** The product whose card (its heading) or page (the page's h1) the focus is in. */
const productOfFocus = (page: Page) =>
  page.evaluate(() => (document.activeElement!.closest('article')?.querySelector('h3') ?? document.querySelector('main h1'))!.textContent!.trim());

/** The Add to Cart form the focus is in now, pinned (it stays the same form when the focus leaves it). */
async function formOfFocus(page: Page) {
  const index = await page.evaluate(() => [...document.querySelectorAll('form[data-add-to-cart]')].findIndex((form) => form.contains(document.activeElement)));
  expect(index).toBeGreaterThanOrEqual(0);
  return page.locator('form[data-add-to-cart]').nth(index);
}

/** Add to Cart, + (Space), − twice, all from the keyboard, from the focus on 'Add to Cart'. */
async function stepWithKeyboard(page: Page) {
  const name = await productOfFocus(page);
  const form = await formOfFocus(page);
  await page.keyboard.press('Enter');
  await expect(form.locator('output')).toHaveText('1');
  await expect(focused(page)).toHaveAccessibleName(`Add one more ${name}`);
  await page.keyboard.press('Space');
  await expect(form.locator('output')).toHaveText('2');
  await expect(focused(page)).toHaveAccessibleName(`Add one more ${name}`);
  await page.keyboard.press('Shift+Tab');
  await expect(focused(page)).toHaveAccessibleName(`Remove one ${name}`);
  await page.keyboard.press('Space');
  await expect(form.locator('output')).toHaveText('1');
  await expect(focused(page)).toHaveAccessibleName(`Remove one ${name}`);
  await page.keyboard.press('Enter');
  await expect(form.locator('output')).toHaveCount(0);
  await expect(focused(page)).toHaveAccessibleName('Add to Cart');
  // The focus is still in the card's form, so the next key works on it again.
  await page.keyboard.press('Enter');
  await expect(form.locator('output')).toHaveText('1');
  await expect(focused(page)).toHaveAccessibleName(`Add one more ${name}`);
}

test.describe('the focus stays on the cart control the shopper used @desktop', () => {
  test('on the listing: Tab to a card’s Add to Cart, Enter, Space, then − twice, all on a fresh page', async ({ page }) => {
    await page.goto('/products');
    expect(await tabTo(page, 'Add to Cart')).toBeLessThan(Infinity);
    await expect(focused(page)).toHaveAccessibleName('Add to Cart');
    await expect(page.locator('[data-product-grid]').locator('*:focus')).toHaveCount(1);
    await stepWithKeyboard(page);
  });

  test('on a product page: Tab to its Add to Cart, Enter, Space, then − twice', async ({ page }) => {
    const { data } = await (await page.request.get('/s/api/products?perPage=24&s=price_desc')).json();
    const product = (data as { slug: string; packs: { in_stock: boolean }[] }[]).find((p) => p.packs.every((pack) => pack.in_stock))!;
    await page.goto(`/products/${product.slug}`);
    expect(await tabTo(page, 'Add to Cart')).toBeLessThan(Infinity);
    // The buy box's button, not a card's further down.
    await expect(page.locator('article').locator('*:focus')).toHaveCount(0);
    await stepWithKeyboard(page);
  });

  test('Enter before the island has woken: the held press is replayed and the focus lands on +', async ({ page }) => {
    await page.goto('/products');
    const release = await holdHydration(page);
    expect(await tabTo(page, 'Add to Cart')).toBeLessThan(Infinity);
    const name = await productOfFocus(page);
    const form = await formOfFocus(page);
    await page.keyboard.press('Enter');
    await expect(focused(page)).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(form.locator('output')).toHaveText('1');
    await expect(focused(page)).toHaveAccessibleName(`Add one more ${name}`);
  });

  test('while a call runs its button is aria-disabled, keeps the focus, and a second press does nothing', async ({ page }) => {
    await page.goto('/products');
    expect(await tabTo(page, 'Add to Cart')).toBeLessThan(Infinity);
    const form = await formOfFocus(page);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const adds: string[] = [];
    await page.route('**/s/api/cart/add', async (route) => {
      adds.push(route.request().url());
      await answered;
      await route.continue();
    });
    await page.keyboard.press('Enter');
    const add = form.getByRole('button', { name: 'Add to Cart' });
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await expect(add).not.toHaveAttribute('disabled');
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');
    answer();
    await expect(form.locator('output')).toHaveText('1');
    expect(adds).toHaveLength(1);
  });

  test('in the cart panel + and − keep the focus', async ({ page }) => {
    const { product, panel } = await oneInCartPanelOpen(page);
    const line = panel.getByRole('listitem').filter({ hasText: product.product_name });
    await line.getByRole('button', { name: `Add one more ${product.product_name}` }).focus();
    await page.keyboard.press('Space');
    await expect(line.locator('output')).toHaveText('2');
    await expect(focused(page)).toHaveAccessibleName(`Add one more ${product.product_name}`);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(line.locator('output')).toHaveText('1');
    await expect(focused(page)).toHaveAccessibleName(`Remove one ${product.product_name}`);
  });

  test('in the cart panel a line that goes hands the focus to the next line, and the last one to the panel', async ({ page }) => {
    const { data } = await (await page.request.get('/s/api/products?perPage=24&s=price_desc')).json();
    const [first, second] = (data as { product_name: string; packs: { in_stock: boolean; warehouse_id: number }[] }[]).filter((p) => p.packs[0]!.in_stock && p.packs[0]!.warehouse_id === 1);
    await page.goto('/products?s=price_desc');
    for (const product of [first!, second!]) {
      const card = page.locator('[data-product-grid] article').filter({ has: page.getByRole('heading', { name: product.product_name, exact: true }) });
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(card.locator('output')).toHaveText('1');
    }
    await page.locator('[data-cart-button]').filter({ visible: true }).click();
    const panel = page.getByRole('dialog', { name: 'Cart Summary' });
    const lines = panel.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    const [gone, kept] = (await lines.first().textContent())!.includes(first!.product_name) ? [first!, second!] : [second!, first!];
    await lines.first().getByRole('button', { name: `Remove ${gone.product_name} from the cart` }).focus();
    await page.keyboard.press('Enter');
    await expect(lines).toHaveCount(1);
    await expect(focused(page)).toHaveAccessibleName(`Remove one ${kept.product_name}`);
    await page.keyboard.press('Enter');
    await expect(panel.getByText('Your cart is empty')).toBeVisible();
    await expect(panel.locator('*:focus')).toHaveCount(1);
  });
});

test.describe('nothing takes the focus when a page loads', () => {
  /** After load, and still 1 s later (the search field used to take it 300 ms after load), nothing is focused; the first Tab reaches "Skip to content". */
  async function expectNoFocusOnLoad(page: Page, path: string) {
    await page.goto(path, { waitUntil: 'load' });
    expect(await nothingFocused(page)).toBe(true);
    // The claim is about time itself: nothing moves the focus in the first second.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    expect(await nothingFocused(page)).toBe(true);
    await page.keyboard.press('Tab');
    await expect(focused(page)).toHaveAccessibleName('Skip to content');
  }

  test('home', async ({ page }) => expectNoFocusOnLoad(page, '/'));
  test('the listing', async ({ page }) => expectNoFocusOnLoad(page, '/products'));

  test('a product page', async ({ page }) => {
    const { data } = await (await page.request.get('/s/api/products?perPage=1')).json();
    await expectNoFocusOnLoad(page, `/products/${data[0].slug}`);
  });

  test('checkout, with a cart', async ({ page }) => {
    await registerWithApi(page, String(9000031100 + (test.info().project.name === 'phone' ? 1 : 0)), 'Asha Verma');
    await cartReadyForCheckout(page);
    await expectNoFocusOnLoad(page, '/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the page that asks for the sign-in code focuses its code field, and Tab goes on to its button', async ({ page }) => {
    await page.goto('/auth/register');
    await page.getByLabel('Name').fill('Asha Verma');
    await page.getByLabel('Email').fill(`focus-${test.info().project.name}@example.com`);
    await page.getByLabel('Phone').fill(String(9000031200 + (test.info().project.name === 'phone' ? 1 : 0)));
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    await expect(page.getByLabel('One-time code')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(focused(page)).toHaveAccessibleName('Verify and continue');
  });
});
