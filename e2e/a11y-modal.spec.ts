import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { awake, oneInCartPanelOpen } from './support/islands';

/**
 * The shop's dialogs are modal (docs/accessibility.md): opened from the keyboard, the focus goes in, Tab and
 * Shift+Tab stay inside, nothing behind can take the focus, Escape closes and the focus is back on the control
 * that opened it. The offer popup never covers the focus and never opens on a shopper using the keyboard.
 */

const phone = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true });
const holdsFocus = (panel: Locator) => panel.evaluate((el) => el.contains(document.activeElement));
/**
 * Where the focus is: in the panel, on something of the page behind it, or on no element of the page (past a
 * modal dialog's last control the browser's own controls take it, its address bar; headless, the body).
 */
const focusWhere = (panel: Locator) =>
  panel.evaluate((el) => (el.contains(document.activeElement) ? 'panel' : !document.activeElement || document.activeElement === document.body ? 'browser' : 'page'));

/**
 * Opens `panel` with Enter on `opener`, then checks it is modal: the focus is inside (on `first`), fifteen
 * Tabs and fifteen Shift+Tabs never put it on the page behind and mostly keep it in the panel (it goes round
 * through the browser's own controls), `behind` cannot take it, and Escape closes the panel and gives the focus
 * back to `opener`.
 */
async function isModal(page: Page, { opener, panel, first, behind }: { opener: Locator; panel: Locator; first: Locator; behind: Locator }) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect(first).toBeFocused();
  for (const key of ['Tab', 'Shift+Tab']) {
    const stops: string[] = [];
    for (let press = 1; press <= 15; press++) {
      await page.keyboard.press(key);
      stops.push(await focusWhere(panel));
    }
    expect(stops, `where ${key} took the focus`).not.toContain('page');
    expect(stops.filter((stop) => stop === 'panel').length, `${key} stops in the panel`).toBeGreaterThanOrEqual(10);
  }
  await first.focus();
  await behind.focus();
  await expect(behind).not.toBeFocused();
  await expect(first).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
}

test('the cart panel is modal: focus on Close, kept inside, the page behind out of reach, back on the cart button', async ({ page }) => {
  await page.goto('/products');
  await page.locator('[data-product-grid]').getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
  const panel = page.getByRole('dialog', { name: 'Cart Summary' });
  await isModal(page, {
    opener: page.locator('[data-cart-button]').filter({ visible: true }),
    panel,
    first: panel.getByRole('button', { name: 'Close cart' }),
    behind: searchBox(page),
  });
});

test('the pincode dialog is modal: focus on the pincode field, kept inside, back on the header button', async ({ page }) => {
  await page.goto('/products');
  const dialog = page.getByRole('dialog', { name: 'Change Location' });
  await isModal(page, {
    opener: page.locator('[data-pincode-button]').filter({ visible: true }),
    panel: dialog,
    first: dialog.getByRole('textbox'),
    behind: searchBox(page),
  });
});

test('the cart panel’s ‘Select pincode’ opens the pincode dialog over it, and Escape goes back to it', async ({ page }) => {
  await page.goto('/products');
  await page.locator('[data-product-grid]').getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
  await page.locator('[data-cart-button]').filter({ visible: true }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Cart Summary' });
  const select = panel.getByRole('button', { name: 'Select pincode' });
  await select.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change Location' });
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await panel.getByRole('button', { name: 'Close cart' }).focus();
  expect(await holdsFocus(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(select).toBeFocused();
});

test('a pincode chosen from the cart panel keeps the panel open, the focus on Continue to Checkout; closing it shows the page for the pincode', async ({ page }) => {
  const { panel } = await oneInCartPanelOpen(page);
  await panel.getByRole('button', { name: 'Select pincode' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change Location' });
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await page.keyboard.type('560001');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Continue to Checkout' })).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Select pincode' })).toHaveCount(0);
  // The page behind was drawn for no pincode: closing the panel draws it again for 560001.
  await Promise.all([page.waitForEvent('load'), page.keyboard.press('Escape')]);
  await expect(page.locator('[data-pincode-button]').filter({ visible: true })).toContainText('560001');
  await expect(panel).toBeHidden();
});

test('the Category Filter dialog is modal: focus on Close, kept inside, back on Filters @phone', async ({ page }) => {
  await page.goto('/products');
  const dialog = page.getByRole('dialog', { name: 'Category Filter' });
  await isModal(page, {
    opener: page.getByRole('button', { name: 'Filters', exact: true }),
    panel: dialog,
    first: dialog.getByRole('button', { name: 'Close filters' }),
    behind: searchBox(page),
  });
});

test('the wishlist dialog is modal: focus on Close, kept inside, back on the heart @desktop', async ({ page }) => {
  test.slow(); // registers a shopper through the screens, then presses 30 keys
  await registerWithApi(page, phone(9000024100), 'Kavya Rao');
  await page.goto('/products');
  const lists = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await isModal(page, {
    opener: page.locator('[data-product-grid] article').first().getByRole('button', { name: /^(Add to wishlist|In your wishlist): / }),
    panel: lists,
    first: lists.getByRole('button', { name: 'Close' }),
    behind: searchBox(page),
  });
});

test('the new-list dialog is modal over the wishlist dialog, and Escape or Cancel gives the focus back @desktop', async ({ page }) => {
  test.slow(); // registers a shopper through the screens, then presses 30 keys
  await registerWithApi(page, phone(9000024300), 'Kavya Rao');
  await page.goto('/products');
  const lists = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await page.locator('[data-product-grid] article').first().getByRole('button', { name: /^(Add to wishlist|In your wishlist): / }).press('Enter');
  const another = lists.getByRole('button', { name: 'Create Another Wishlist' });
  const create = page.getByRole('dialog', { name: 'Create Another Wish List' });
  await isModal(page, { opener: another, panel: create, first: create.getByRole('button', { name: 'Close' }), behind: lists.getByRole('button', { name: 'Close' }) });
  // Cancel closes it too, and the focus goes back just the same.
  await another.press('Enter');
  await create.getByRole('button', { name: 'Cancel' }).press('Enter');
  await expect(create).toBeHidden();
  await expect(another).toBeFocused();
});

test('the Confirm dialog is modal: focus inside, kept there, Escape keeps the address and the focus is back on Delete @desktop', async ({ page }) => {
  test.slow(); // registers a shopper through the screens, then presses 30 keys
  await registerWithApi(page, phone(9000024200), 'Asha Verma');
  await page.goto('/account/addresses');
  await awake(page, '[aria-label="Your addresses"]');
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Name').fill('Asha Verma');
  await form.getByLabel('Phone').fill('9876512345');
  await form.getByLabel('Address line 1').fill('7, MG Road');
  await form.getByLabel('Pincode').fill('560034');
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByLabel('State').fill('Karnataka');
  await form.getByRole('button', { name: 'Save address' }).click();
  const card = page.getByRole('list', { name: 'Your addresses' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  const dialog = page.getByRole('dialog', { name: 'Please' });
  await isModal(page, {
    opener: card.getByRole('button', { name: /^Delete the address/ }),
    panel: dialog,
    first: dialog.getByRole('button', { name: 'Close' }),
    behind: searchBox(page),
  });
  await expect(card).toHaveCount(1);
});

test.describe('the offer popup', () => {
  test.beforeEach(async ({ page }) => {
    // A clock that moves only when the test says so.
    await page.clock.install({ time: new Date('2026-11-22T10:00:00+05:30') });
    await page.clock.pauseAt(new Date('2026-11-22T10:00:01+05:30'));
    // Set before the shell's script: once this is true, the shell has planned the popup for the page too.
    await page.addInitScript(() => document.addEventListener('astro:page-load', () => ((window as { shown?: boolean }).shown = true)));
  });

  const offer = (page: Page) => page.getByRole('dialog', { name: 'Offer' });
  /** Loads `path` and waits until the shell has planned the popup (it shows 5 s after that). */
  const open = async (page: Page, path: string) => {
    await page.goto(path);
    await expect.poll(() => page.evaluate(() => (window as { shown?: boolean }).shown)).toBe(true);
  };

  test('never covers the control that has the focus', async ({ page }) => {
    await open(page, '/products');
    const add = page.locator('[data-product-grid]').getByRole('button', { name: 'Add to Cart' }).first();
    await add.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }));
    await add.focus();
    await page.clock.runFor(5500);
    await expect(add).toBeFocused();
    const covered = await page.evaluate(() => {
      const popup = document.querySelector<HTMLElement>('[data-popup]')!;
      if (!popup.matches(':popover-open')) return false;
      const a = popup.getBoundingClientRect();
      const b = document.activeElement!.getBoundingClientRect();
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    });
    expect(covered).toBe(false);
  });

  test('does not open on a shopper typing in the search field, then or later', async ({ page }) => {
    await open(page, '/');
    const box = searchBox(page);
    await box.focus();
    for (const letter of 'paneer') {
      await box.press(letter);
      await page.clock.runFor(1000);
      await expect(offer(page)).toBeHidden();
    }
    await expect(box).toHaveValue('paneer');
    await page.clock.runFor(6000);
    await expect(offer(page)).toBeHidden();
  });

  test('says its link opens a new tab, and stays while it has the focus @desktop', async ({ page }) => {
    await open(page, '/');
    await page.clock.runFor(5500);
    await expect(offer(page)).toBeVisible();
    const link = offer(page).getByRole('link');
    await link.focus();
    await page.clock.runFor(11_000);
    await expect(offer(page)).toBeVisible();
    await expect(link).toHaveAccessibleName(/^Up to 30% off on staples, dairy and fresh fruit.* \(opens in a new tab\)$/);
    await offer(page).getByRole('button', { name: 'Close' }).click();
    await expect(offer(page)).toBeHidden();
  });

  test('stays while the pointer is over it @desktop', async ({ page }) => {
    await open(page, '/');
    await page.clock.runFor(5500);
    await expect(offer(page)).toBeVisible();
    await offer(page).locator('img').hover();
    await page.clock.runFor(11_000);
    await expect(offer(page)).toBeVisible();
  });
});
