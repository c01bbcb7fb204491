import { expect, test, type Page } from '@playwright/test';
import { register } from './support/accounts';
import { idleThenRoundTrip } from './support/signals';

/**
 * The wishlist heart, a React island (src/features/wishlist/) hydrated on first interaction: a real form that
 * toggles Default without JavaScript, and with it the 'Add Products In Wishlist' dialog.
 */

const phoneFor = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));

const firstCard = (page: Page) => page.locator('[data-product-grid] article').first();

test('a visitor sees no wishlist hearts and loads no wishlist code', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await page.goto('/products');
  await expect(page.locator('form[data-wishlist-toggle]')).toHaveCount(0);
  await firstCard(page).getByRole('button', { name: 'Add to Cart' }).click(); // wakes the cart islands, not a heart
  await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
  expect(loaded.filter((path) => /Wishlist/i.test(path))).toEqual([]);
});

test('the heart is a server-rendered island that loads nothing until touched', async ({ page }) => {
  await register(page, phoneFor(9000012100), 'Meera Iyer');
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

test('the heart flips only after the server succeeds: a pending call leaves it, a failed one shows an error toast', async ({ page }) => {
  await register(page, phoneFor(9000012200), 'Rohan Das');
  await page.goto('/products');
  const name = (await firstCard(page).locator('h3').textContent())!;
  const heart = firstCard(page).getByRole('button', { name: `Wishlist: ${name}` });
  await heart.click();
  const dialog = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  const defaultList = dialog.getByRole('button', { name: /^Default/ });

  await page.route('**/s/api/wishlist/update', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Wishlists are resting, try again soon' }) }),
  );
  await defaultList.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wishlists are resting, try again soon' })).toBeVisible();
  await expect(defaultList).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');

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
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  release();
  await expect(defaultList).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
});

test('on the product page: the heart adds to Default and takes it out again', async ({ page }) => {
  await register(page, phoneFor(9000012300), 'Anita Rao');
  await page.goto('/products');
  const name = (await firstCard(page).locator('h3').textContent())!;
  await firstCard(page).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const heart = page.getByRole('button', { name: `Wishlist: ${name}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  const dialog = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await dialog.getByRole('button', { name: /^Default/ }).click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: /^Default/ }).click();
  await expect(dialog.getByRole('button', { name: /^Default/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: `Wishlist: ${name}` })).toHaveAttribute('aria-pressed', 'false');
});

test('a new list needs a name', async ({ page }) => {
  await register(page, phoneFor(9000012400), 'Sanjay Pillai');
  await page.goto('/products');
  const name = (await firstCard(page).locator('h3').textContent())!;
  await firstCard(page).getByRole('button', { name: `Wishlist: ${name}` }).click();
  await page.getByRole('dialog', { name: 'Add Products In Wishlist' }).getByRole('button', { name: 'Create Another Wishlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Another Wish List' });
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(create.getByRole('alert')).toHaveText('New Wishlist is required');
  await expect(create).toBeVisible();
});

test('the heart opens the wishlist dialog: add to Default, create a list, add to it; the account page shows both', async ({ page }) => {
  await register(page, phoneFor(9000000100), 'Kavya Menon');
  const violations: string[] = [];
  page.on('console', (message) => /Content Security Policy/i.test(message.text()) && violations.push(message.text()));
  await page.goto('/products');
  const card = page.locator('[data-product-grid] article').first();
  const name = (await card.locator('h3').textContent())!;
  const heart = card.getByRole('button', { name: `Wishlist: ${name}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  const dialog = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^Default/ }).click();
  await expect(dialog.getByRole('button', { name: /^Default/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await dialog.getByRole('button', { name: 'Create Another Wishlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Another Wish List' });
  await create.getByLabel('New Wishlist').fill('Monthly staples');
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Wishlist added successfully' })).toBeVisible();
  await dialog.getByRole('button', { name: /^Monthly staples/ }).click();
  await expect(dialog.getByRole('button', { name: /^Monthly staples/ })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/account/wishlist');
  for (const list of ['Default', 'Monthly staples']) {
    await expect(page.getByRole('region', { name: list }).getByRole('heading', { level: 3, name })).toBeVisible();
  }
  await page.goto('/products');
  await expect(page.locator('[data-product-grid] article').first().getByRole('button', { name: `Wishlist: ${name}` })).toHaveAttribute('aria-pressed', 'true');
  expect(violations).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('registering and the heart work as plain forms', async ({ page }) => {
    await register(page, phoneFor(9000000200), 'Farhan Ali');
    await page.goto('/products?s=newest');
    const card = page.locator('[data-product-grid] article').nth(1);
    const name = (await card.locator('h3').textContent())!;
    await card.getByRole('button', { name: `Wishlist: ${name}` }).click();
    await expect(page).toHaveURL(/\/products\?s=newest$/);
    await expect(page.locator('[data-product-grid] article').nth(1).getByRole('button', { name: `Wishlist: ${name}` })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/account/wishlist');
    await expect(page.getByRole('region', { name: 'Default' })).toContainText(name);
  });
});
