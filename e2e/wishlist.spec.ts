import { expect, test, type Locator, type Page } from '@playwright/test';
import { register, registerWithApi } from './support/accounts';
import { idleThenRoundTrip } from './support/signals';

/**
 * The wishlist heart, a React island (src/features/wishlist/) hydrated on first interaction: a real form that
 * toggles Default without JavaScript, and with it the 'Add Products In Wishlist' dialog.
 */

const phoneFor = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));

const firstCard = (page: Page) => page.locator('[data-product-grid] article').first();
/** The heart for `name`, whichever way it is named: 'Add to wishlist: …' or 'In your wishlist: …'. */
const heartFor = (scope: Page | Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^(Add to|In your) wishlist: ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
/** A list's row in 'Add Products In Wishlist', named 'Add to <list>' or 'Remove from <list>'. */
const rowFor = (dialog: Locator, list: string) => dialog.getByRole('button', { name: new RegExp(`^(Add to|Remove from) ${list}$`) });

test('a visitor sees no wishlist hearts and loads no wishlist code @desktop', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await page.goto('/products');
  await expect(page.locator('form[data-wishlist-toggle]')).toHaveCount(0);
  await firstCard(page).getByRole('button', { name: 'Add to Cart' }).click(); // wakes the cart islands, not a heart
  await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
  expect(loaded.filter((path) => /Wishlist/i.test(path))).toEqual([]);
});

test('the heart is a server-rendered island that loads nothing until touched @desktop', async ({ page }) => {
  await registerWithApi(page, phoneFor(9000012100), 'Meera Iyer');
  const loaded: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && loaded.push(new URL(r.url()).pathname));
  await page.goto('/products');
  const island = page.locator('astro-island').filter({ has: page.locator('form[data-wishlist-toggle]') }).first();
  await expect(island).toHaveAttribute('ssr', '');
  const component = (await island.getAttribute('component-url'))!;
  expect(component).toMatch(/WishlistHeart/);
  // Once the page has been idle (it prefetches the heart's chunk then, as a fetch, not a script) and has had a
  // request of its own answered, a load of the heart's script would have been seen.
  await idleThenRoundTrip(page);
  expect(loaded).not.toContain(component);
});

test('the heart flips only after the server succeeds: a pending call leaves it, a failed one shows an error toast @desktop', async ({ page }) => {
  await registerWithApi(page, phoneFor(9000012200), 'Rohan Das');
  await page.goto('/products');
  const name = (await firstCard(page).locator('h3').textContent())!;
  const heart = heartFor(firstCard(page), name);
  await heart.click();
  const dialog = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  const defaultList = rowFor(dialog, 'Default');

  await page.route('**/s/api/wishlist/update', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Wishlists are resting, try again soon' }) }),
  );
  await defaultList.click();
  await expect(page.getByRole('status').filter({ hasText: 'Wishlists are resting, try again soon' })).toBeVisible();
  await expect(defaultList).toHaveAccessibleName('Add to Default');
  await expect(heart).toHaveAccessibleName(`Add to wishlist: ${name}`);

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.unroute('**/s/api/wishlist/update');
  await page.route('**/s/api/wishlist/update', async (route) => {
    await released;
    await route.continue();
  });
  const sent = page.waitForRequest('**/s/api/wishlist/update');
  await defaultList.click();
  // The call is on its way (and held by the route above): the heart has not flipped ahead of the answer.
  await sent;
  await expect(defaultList).toHaveAttribute('aria-busy', 'true');
  await expect(heart).toHaveAccessibleName(`Add to wishlist: ${name}`);
  release();
  await expect(defaultList).toHaveAccessibleName('Remove from Default');
  await expect(heart).toHaveAccessibleName(`In your wishlist: ${name}`);
});

test('on the product page: the heart adds to Default and takes it out again @desktop', async ({ page }) => {
  await registerWithApi(page, phoneFor(9000012300), 'Anita Rao');
  await page.goto('/products');
  const name = (await firstCard(page).locator('h3').textContent())!;
  await firstCard(page).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const heart = heartFor(page, name);
  await expect(heart).toHaveAccessibleName(`Add to wishlist: ${name}`);
  await heart.click();
  const dialog = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await rowFor(dialog, 'Default').click();
  await expect(heart).toHaveAccessibleName(`In your wishlist: ${name}`);
  await rowFor(dialog, 'Default').click();
  await expect(rowFor(dialog, 'Default')).toHaveAccessibleName('Add to Default');
  await expect(heart).toHaveAccessibleName(`Add to wishlist: ${name}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(heartFor(page, name)).toHaveAccessibleName(`Add to wishlist: ${name}`);
});

test('a new list needs a name @desktop', async ({ page }) => {
  await registerWithApi(page, phoneFor(9000012400), 'Sanjay Pillai');
  await page.goto('/products');
  const name = (await firstCard(page).locator('h3').textContent())!;
  await heartFor(firstCard(page), name).click();
  await page.getByRole('dialog', { name: 'Add Products In Wishlist' }).getByRole('button', { name: 'Create Another Wishlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Another Wish List' });
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(create.getByRole('alert')).toHaveText('New Wishlist is required');
  await expect(create).toBeVisible();
});

test('the heart opens the wishlist dialog (aria-haspopup), whose rows are named by their list: add to Default, create a list, add to it; the account page shows both', async ({ page }) => {
  await registerWithApi(page, phoneFor(9000000100), 'Kavya Menon');
  const violations: string[] = [];
  page.on('console', (message) => /Content Security Policy/i.test(message.text()) && violations.push(message.text()));
  await page.goto('/products');
  const card = page.locator('[data-product-grid] article').first();
  const name = (await card.locator('h3').textContent())!;
  const heart = heartFor(card, name);
  await expect(heart).toHaveAccessibleName(`Add to wishlist: ${name}`);
  // It opens a dialog: a screen reader says so, and it is no toggle (its name says where the product stands).
  await expect(heart).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(heart).not.toHaveAttribute('aria-pressed');
  await heart.click();
  const dialog = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await expect(dialog).toBeVisible();
  await rowFor(dialog, 'Default').click();
  await expect(rowFor(dialog, 'Default')).toHaveAccessibleName('Remove from Default');
  await expect(heart).toHaveAccessibleName(`In your wishlist: ${name}`);

  await dialog.getByRole('button', { name: 'Create Another Wishlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Another Wish List' });
  await create.getByLabel('New Wishlist').fill('Monthly staples');
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Wishlist added successfully' })).toBeVisible();
  await expect(rowFor(dialog, 'Monthly staples')).toHaveAccessibleName('Add to Monthly staples');
  await rowFor(dialog, 'Monthly staples').click();
  await expect(rowFor(dialog, 'Monthly staples')).toHaveAccessibleName('Remove from Monthly staples');
  await expect(rowFor(dialog, 'Default')).toHaveAccessibleName('Remove from Default');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/account/wishlist');
  for (const list of ['Default', 'Monthly staples']) {
    await expect(page.getByRole('region', { name: list }).getByRole('heading', { level: 3, name })).toBeVisible();
  }
  await page.goto('/products');
  await expect(heartFor(page.locator('[data-product-grid] article').first(), name)).toHaveAccessibleName(`In your wishlist: ${name}`);
  expect(violations).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('registering and the heart work as plain forms', async ({ page }) => {
    await register(page, phoneFor(9000000200), 'Farhan Ali');
    await page.goto('/products?s=newest');
    const card = page.locator('[data-product-grid] article').nth(1);
    const name = (await card.locator('h3').textContent())!;
    await heartFor(card, name).click();
    await expect(page).toHaveURL(/\/products\?s=newest$/);
    await expect(heartFor(page.locator('[data-product-grid] article').nth(1), name)).toHaveAccessibleName(`In your wishlist: ${name}`);
    await page.goto('/account/wishlist');
    await expect(page.getByRole('region', { name: 'Default' })).toContainText(name);
  });
});
