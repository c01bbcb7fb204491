import { expect, test, type Locator, type Page } from '@playwright/test';
import { register } from './support/accounts';

/**
 * One shopper's journey with the keyboard alone, no mouse and no tap, from a freshly loaded home page to
 * checkout (docs/accessibility.md): search, a suggestion, the product page, Add to Cart and its stepper, the cart
 * panel, a pincode, Continue to Checkout. At every step the focus is where the shopper expects it, named by its
 * role and name, inside the window and drawn with a visible focus indicator. One continuous page per project:
 * after the first load every page comes from a key press.
 */

// Some forty key presses, two page loads and a pincode check, on a machine shared by other suites.
test.describe.configure({ timeout: 120_000 });

/** A pincode the seed delivers to (Bengaluru). */
const PINCODE = '560001';
/** The word typed into the search: the seed holds several poha products, so suggestions come. */
const WORD = 'poha';

const nothingFocused = (page: Page) => page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

/**
 * `target` has the focus, is inside the window and shows it: an outline (not `none`, wider than 0) or a box
 * shadow drawn around it while focused.
 */
async function expectFocusOn(target: Locator) {
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  const ring = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, shadow: style.boxShadow !== 'none' };
  });
  expect(ring.outline || ring.shadow, 'a visible focus indicator').toBe(true);
}

/** Presses `key` until `target` has the focus (at most `limit` presses). */
async function pressUntilFocused(page: Page, key: 'Tab' | 'Shift+Tab', target: Locator, limit = 60) {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${key} ×${limit} did not reach the target`);
}

test('a shopper goes from home to checkout with the keyboard alone, the focus always where they are', async ({ page }) => {
  const { products } = await (await page.request.get(`/s/api/search/suggest?q=${WORD}`)).json();
  const product = products[0] as { name: string; slug: string };
  expect(product).toBeTruthy();
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // Checkout is for a signed-in shopper: one registers first (through the sign-up screens), with no pincode yet.
  await register(page, String(9000031500 + (test.info().project.name === 'phone' ? 1 : 0)), 'Meera Iyer');

  // A fresh home page: nothing focused, the first Tab is "Skip to content".
  await page.goto('/');
  expect(await nothingFocused(page)).toBe(true);
  await page.keyboard.press('Tab');
  await expectFocusOn(skip);

  // On to the header's search (the copy this size shows), type a word, ArrowDown to the first suggestion, Enter.
  const search = page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true });
  await pressUntilFocused(page, 'Tab', search, 20);
  await expectFocusOn(search);
  await page.keyboard.type(WORD, { delay: 60 });
  const list = page.locator(`[id="${await search.getAttribute('aria-controls')}"]`);
  const first = list.getByRole('option').first();
  await expect(first).toHaveText(product.name);
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(search).toBeFocused();
  await page.keyboard.press('Enter');

  // The product's page: the focus is on no element (the page itself, so the next Tab starts at its top), not left
  // in the old page's field; the first Tab is "Skip to content", which takes the shopper past the header.
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  expect(await nothingFocused(page)).toBe(true);
  await page.keyboard.press('Tab');
  await expectFocusOn(skip);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);

  // Tab to the buy box's Add to Cart, Enter: while the call runs (held here until looked at) the button keeps the
  // focus; then the focus is on the stepper's +; Space: 2, the focus still on + (the held calls go through now).
  const buy = page.locator('main form[data-add-to-cart]').first();
  const add = buy.getByRole('button', { name: 'Add to Cart' });
  await pressUntilFocused(page, 'Tab', add, 30);
  await expectFocusOn(add);
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/s/api/cart/add', async (route) => {
    await answered;
    await route.continue();
  });
  await page.keyboard.press('Enter');
  await expect(add).toHaveAttribute('aria-busy', 'true');
  await expectFocusOn(add);
  answer();
  const more = buy.getByRole('button', { name: `Add one more ${product.name}` });
  await expect(buy.locator('output')).toHaveText('1');
  await expectFocusOn(more);
  await page.keyboard.press('Space');
  await expect(buy.locator('output')).toHaveText('2');
  await expectFocusOn(more);

  // Back up to the header's Cart button, Enter: 'Cart Summary' opens with the focus on "Close cart".
  const cart = page.getByRole('button', { name: 'Cart, 2 items' }).filter({ visible: true });
  await pressUntilFocused(page, 'Shift+Tab', cart);
  await expectFocusOn(cart);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Cart Summary' });
  await expect(panel).toBeVisible();
  await expectFocusOn(panel.getByRole('button', { name: 'Close cart' }));

  // Without a pincode the panel asks for one: Tab to its 'Select pincode', Enter: 'Change Location' over the
  // panel, the focus in its Pincode field.
  const select = panel.getByRole('button', { name: 'Select pincode' });
  await pressUntilFocused(page, 'Tab', select, 15);
  await expectFocusOn(select);
  await page.keyboard.press('Enter');
  const location = page.getByRole('dialog', { name: 'Change Location' });
  await expect(location).toBeVisible();
  await expectFocusOn(location.getByRole('textbox', { name: 'Pincode' }));

  // A delivered pincode and Enter: the dialog closes, the panel stays open with the pincode in its totals, and
  // the focus comes back into the panel, on Continue to Checkout now that nothing blocks it.
  await page.keyboard.type(PINCODE);
  await page.keyboard.press('Enter');
  await expect(location).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Delivery', { exact: true })).toBeVisible();
  const proceed = panel.getByRole('link', { name: 'Continue to Checkout' });
  await expectFocusOn(proceed);

  // Enter: checkout, where nothing takes the focus on load and the first Tab is "Skip to content".
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await nothingFocused(page)).toBe(true);
  await page.keyboard.press('Tab');
  await expectFocusOn(skip);
});
