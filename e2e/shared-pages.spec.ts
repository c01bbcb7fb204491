import { expect, test, type Page, type Response } from '@playwright/test';
import { signIn } from './support/accounts';

const SHARED = 'public, s-maxage=60, stale-while-revalidate=600';
const PRIVATE = 'private, no-store';

/** The answer the browser gets for the next page at this path (from the network or from its own cache). */
const nextPage = (page: Page, path: string): Promise<Response> =>
  page.waitForResponse((r) => new URL(r.url()).pathname === path && (r.headers()['content-type'] ?? '').startsWith('text/html'));
const badge = (page: Page) => page.locator('[data-cart-badge]').filter({ visible: true });

test('a visitor arriving on shared pages adds to the cart and signs in, and every page after is their own, also pages the browser has seen', async ({ page }) => {
  // Home and the listing come as shared pages: the same bytes a CDN would hand every visitor without a session.
  const home = await page.goto('/');
  expect(home!.headers()['cache-control']).toBe(SHARED);
  const listing = nextPage(page, '/products');
  await page.locator('a[href="/products"]').filter({ visible: true }).first().click();
  expect((await listing).headers()['cache-control']).toBe(SHARED);
  await expect(page.locator('[data-product-grid] article').first()).toBeVisible();

  // Add to Cart from the shared page: the island fetches its token, the session starts.
  await page.locator('[data-product-grid] article').getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(badge(page)).toHaveText('1');

  // Back to home by the client router: the browser must not reuse its copy of the shared home (Vary: Cookie).
  const again = nextPage(page, '/');
  await page.getByRole('link', { name: /, home$/ }).filter({ visible: true }).first().click();
  expect((await again).headers()['cache-control']).toBe(PRIVATE);
  await expect(badge(page)).toHaveText('1');

  // Sign-in works from there, and the listing the browser saw anonymously is now the shopper's.
  await signIn(page, '9876500001');
  const mine = nextPage(page, '/products');
  await page.locator('a[href="/products"]').filter({ visible: true }).first().click();
  expect((await mine).headers()['cache-control']).toBe(PRIVATE);
  await expect(page.getByRole('banner')).toContainText('Asha Verma');
});
