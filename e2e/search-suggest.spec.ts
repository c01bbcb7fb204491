import { expect, test, type Page } from '@playwright/test';
import { SUGGEST_DELAY_MS } from '../src/features/search/suggest';
import { axeViolations } from './support/axe';
import { awake } from './support/islands';
import { idleThenRoundTrip } from './support/signals';

/**
 * The header's search box as a combobox (src/features/search/SearchBox.tsx): suggestions appear as the shopper
 * types, chosen by touch or by keyboard; a product goes to its page, a category or brand to the filtered listing.
 * Both projects: the phone's copy of the box at phone size, the desktop bar's copy at desktop size.
 */

interface Suggestion {
  name: string;
  slug: string;
}
interface Suggestions {
  products: Suggestion[];
  categories: Suggestion[];
  brands: Suggestion[];
}

const suggestions = async (page: Page, q: string): Promise<Suggestions> =>
  (await page.request.get(`/s/api/search/suggest?q=${encodeURIComponent(q)}`)).json();

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true });
/** The list the visible box controls. */
const listOf = async (page: Page) => page.locator(`[id="${await searchBox(page).getAttribute('aria-controls')}"]`);

/** Types as a shopper does, a key at a time, into the visible box (its first key wakes the island). */
async function typeInto(page: Page, text: string) {
  const box = searchBox(page);
  if (test.info().project.name === 'phone') await box.tap();
  else await box.click();
  await box.pressSequentially(text, { delay: 60 });
  return box;
}

test('suggestions appear as the shopper types, the typed part marked, and a tap on a product opens its page', async ({ page }) => {
  const answer = await suggestions(page, 'basm');
  expect(answer.products.length).toBeGreaterThan(1);
  await page.goto('/');
  const box = await typeInto(page, 'basm');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const list = await listOf(page);
  await expect(list).toHaveAttribute('role', 'listbox');
  const products = list.getByRole('group', { name: 'Products' }).getByRole('option');
  await expect(products).toHaveText(answer.products.map((p) => p.name));
  // The answer to "bas" may name the same products; the marks say which typed text the list answers.
  await expect.poll(async () => [...new Set(await products.locator('mark').allTextContents())]).toEqual(['Basm']);
  // Touch-sized: every option is at least 44 px tall.
  for (const height of await list.getByRole('option').evaluateAll((all) => all.map((o) => o.getBoundingClientRect().height))) expect(height).toBeGreaterThanOrEqual(44);

  const second = answer.products[1]!;
  if (test.info().project.name === 'phone') await products.nth(1).tap();
  else await products.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/products/${second.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.name);
});

test('by keyboard: ArrowDown highlights the first product and Enter opens it; Escape closes the list', async ({ page }) => {
  const answer = await suggestions(page, 'toor');
  await page.goto('/products');
  const box = await typeInto(page, 'toor');
  const list = await listOf(page);
  await expect(list.getByRole('option').first()).toBeVisible();
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('toor');

  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const first = list.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await box.press('ArrowDown');
  await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await box.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/products/${answer.products[0]!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(answer.products[0]!.name);
});

test('a brand chosen by keyboard (ArrowUp from the text is the last option) opens the listing filtered by it', async ({ page }) => {
  const answer = await suggestions(page, 'kav');
  expect(answer.brands.map((b) => b.name)).toEqual(['Kaveri Mills']);
  await page.goto('/');
  const box = await typeInto(page, 'kav');
  const list = await listOf(page);
  await expect(list.getByRole('group', { name: 'Brands' }).getByRole('option')).toHaveText(['Kaveri Mills']);
  await box.press('ArrowUp');
  await expect(list.getByRole('option', { name: 'Kaveri Mills', exact: true })).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?b=kaveri-mills$/);
  const cards = page.locator('[data-product-grid] article h3');
  await expect(cards.first()).toBeVisible();
  for (const name of await cards.allTextContents()) expect(name).toMatch(/^Kaveri Mills /);
});

test('a category chosen by touch opens the listing filtered by it; a Hinglish word suggests through synonyms', async ({ page }) => {
  const answer = await suggestions(page, 'chini');
  const sugar = answer.categories.find((c) => c.name === 'Salt, Sugar & Jaggery')!;
  expect(sugar).toBeTruthy();
  await page.goto('/');
  await typeInto(page, 'chini');
  const list = await listOf(page);
  const option = list.getByRole('group', { name: 'Categories' }).getByRole('option', { name: 'Salt, Sugar & Jaggery' });
  await expect(option.locator('mark')).toHaveText('Sugar');
  await expect(list.getByRole('group', { name: 'Products' }).getByRole('option').first()).toContainText('Sugar');
  if (test.info().project.name === 'phone') await option.tap();
  else await option.click();
  await expect(page).toHaveURL(new RegExp(`/products\\?c=${sugar.slug}$`));
});

test('Enter with nothing highlighted searches the text; typing fast asks once, not once a key', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/s/api/search/suggest') && asked.push(new URL(r.url()).searchParams.get('q')!));
  const box = searchBox(page);
  if (test.info().project.name === 'phone') await box.tap();
  else await box.click();
  // Typed fast once awake: keys typed while it hydrates are the island's first answer, not the debounce's.
  await awake(page, `#search-${test.info().project.name === 'phone' ? 'mobile' : 'desktop'}`);
  // The page's clock stands still while the keys go in, so they come faster than the debounce however busy the
  // machine is; then it moves on by the debounce.
  await page.clock.pauseAt(Date.now() + 1000);
  await box.pressSequentially('basmati', { delay: 20 });
  await page.clock.runFor(SUGGEST_DELAY_MS);
  await expect((await listOf(page)).getByRole('option').first()).toBeVisible();
  expect(asked).toEqual(['basmati']);
  await page.clock.resume();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=basmati$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “basmati”');
});

test('the open suggestion list has no accessibility violation', async ({ page }) => {
  test.setTimeout(90_000); // axe on a whole listing page takes a while on a busy machine
  await page.goto('/products');
  await typeInto(page, 'dal');
  await expect((await listOf(page)).getByRole('option').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('on desktop focus alone wakes nothing: the box hydrates only when the shopper types @desktop', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/products');
  const box = searchBox(page);
  await box.focus();
  // Woken by the focus, the island would have asked for its scripts before the page's next idle period.
  await idleThenRoundTrip(page);
  const island = page.locator('astro-island').filter({ has: box });
  await expect(island).toHaveAttribute('ssr', '');
  expect(scripts.filter((path) => path.includes('SearchBox'))).toEqual([]);
  await page.keyboard.type('ghee');
  await expect(island).not.toHaveAttribute('ssr', '');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toHaveValue('ghee');
});

test('closing the offer popup hands the focus back to the box without waking it @desktop', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/');
  const box = searchBox(page);
  await box.focus();
  const offer = page.getByRole('dialog', { name: 'Offer' });
  await expect(offer).toBeVisible({ timeout: 10_000 });
  await offer.getByRole('button', { name: 'Close' }).click();
  await expect(offer).toBeHidden();
  await expect(box).toBeFocused();
  // Woken by the focus, the island would have asked for its scripts before the page's next idle period.
  await idleThenRoundTrip(page);
  expect(scripts.filter((path) => path.includes('SearchBox'))).toEqual([]);
  await expect(page.locator('astro-island').filter({ has: box })).toHaveAttribute('ssr', '');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the box is a plain form that searches /products?q=', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(await listOf(page)).toBeHidden();
    await box.fill('basmati');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?q=basmati$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “basmati”');
  });
});
