import { expect, test, type Page } from '@playwright/test';
import { ATTACH_AFTER_MS } from '../src/features/content/DynamicForm';
import { registerWithApi } from './support/accounts';
import { awake } from './support/islands';

/**
 * The shop's islands on Hindi pages (docs/languages.md#islands): the wishlist heart and its dialogs, the account's
 * wishlist page, the header's search box and its suggestions, the pincode dialog's form and a content page's form
 * speak Hindi on /hi/ pages, with none of their English words left; the same islands on English pages are
 * covered, word for word, by wishlist.spec.ts, search-suggest.spec.ts, delivery.spec.ts and pages.spec.ts.
 */

const phoneFor = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));
const tap = async (page: Page, target: ReturnType<Page['locator']>) => (test.info().project.name === 'phone' ? target.tap() : target.click());

test('the search box, its suggestions and the listing it opens speak Hindi', async ({ page }) => {
  await page.goto('/hi');
  const box = page.getByRole('combobox', { name: 'उत्पाद खोजें' }).filter({ visible: true });
  await expect(box).toHaveAttribute('placeholder', 'आटा, दाल, दूध… खोजें');
  await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveCount(0);
  await expect(page.getByRole('search').filter({ visible: true }).getByRole('button', { name: 'खोजें' })).toBeVisible();

  await tap(page, box);
  await box.pressSequentially('चावल', { delay: 60 });
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const list = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`);
  await expect(list).toHaveAccessibleName('सुझाव');
  await expect(list.getByRole('group', { name: 'उत्पाद' })).toBeVisible();
  expect(await list.getByRole('group', { name: 'उत्पाद' }).getByRole('option').count()).toBeGreaterThan(0);
  for (const english of ['Products', 'Categories', 'Brands']) await expect(list.getByRole('group', { name: english })).toHaveCount(0);
  await expect(page.getByRole('search').filter({ visible: true }).getByRole('status')).toHaveText(/^\d+ सुझाव$/);

  await box.press('Enter');
  await expect(page).toHaveURL(/\/hi\/products\?q=%E0%A4%9A%E0%A4%BE%E0%A4%B5%E0%A4%B2$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('combobox', { name: 'उत्पाद खोजें' }).filter({ visible: true })).toHaveValue('चावल');
});

test('the pincode dialog’s form refuses a short pincode and checks 110001, all in Hindi', async ({ page }) => {
  await page.goto('/hi/products');
  await page.locator('[data-pincode-button]').filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: 'डिलीवरी की जगह बदलें' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('पिनकोड');
  await expect(field).toHaveAttribute('placeholder', '6 अंकों का पिनकोड');
  const check = dialog.getByRole('button', { name: 'जाँचें' });
  await expect(dialog.getByRole('button', { name: 'Check' })).toHaveCount(0);

  await field.fill('1100');
  await check.click();
  await expect(dialog.locator('[data-pincode-error]')).toHaveText('कृपया सही पिनकोड डालें');

  await field.fill('110001');
  await Promise.all([page.waitForEvent('load'), check.click()]);
  await expect(page).toHaveURL(/\/hi\/products$/);
  const button = page.locator('[data-pincode-button]').filter({ visible: true });
  await expect(button).toContainText('110001');
  await expect(button).toContainText('डिलीवरी पिनकोड');
  await expect(button).not.toContainText(/Deliver to|Select/);
  // The form the dialog now holds, drawn for the shopper with the pincode, is still in Hindi.
  await button.click();
  await expect(dialog.getByLabel('पिनकोड')).toHaveValue('110001');
  await expect(dialog).not.toContainText(/Check|Pincode|6-digit/);
});

test('the heart, its dialogs and the account’s wishlist page speak Hindi', async ({ page }) => {
  await registerWithApi(page, phoneFor(9000077100), 'Sunita Devi');

  // A new shopper's empty wishlist, its way back to the listing in Hindi.
  await page.goto('/hi/account/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'विशलिस्ट' })).toBeVisible();
  await expect(page.locator('[data-wishlist-empty]')).toContainText('आपकी विशलिस्ट खाली है।');
  await page.locator('[data-wishlist-empty]').getByRole('link', { name: 'उत्पाद देखें' }).click();
  await expect(page).toHaveURL(/\/hi\/products$/);

  const card = page.locator('[data-product-grid] article').first();
  const name = (await card.locator('h3').textContent())!;
  const heart = card.getByRole('button', { name: `विशलिस्ट में डालें: ${name}` });
  await tap(page, heart);
  const dialog = page.getByRole('dialog', { name: 'विशलिस्ट में उत्पाद डालें' });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toContainText(/Default|Added|Add|Create Another|Wishlist/);
  const defaultList = dialog.getByRole('button', { name: 'डिफ़ॉल्ट में डालें' });
  await expect(defaultList).toContainText('डालें');
  await tap(page, defaultList);
  await expect(dialog.getByRole('button', { name: 'डिफ़ॉल्ट से हटाएँ' })).toContainText('✓ डाला गया');
  await expect(card.getByRole('button', { name: `आपकी विशलिस्ट में है: ${name}` })).toBeAttached();

  // A named list: its dialog, its field's refusal, the toast.
  await tap(page, dialog.getByRole('button', { name: 'नई विशलिस्ट बनाएँ' }));
  const create = page.getByRole('dialog', { name: 'नई विशलिस्ट बनाएँ' });
  await expect(create).toBeVisible();
  await tap(page, create.getByRole('button', { name: 'बनाएँ' }));
  await expect(create).toContainText('नई विशलिस्ट का नाम लिखें');
  await expect(create).not.toContainText(/New Wishlist|Cancel|Submit/);
  await create.getByLabel('नई विशलिस्ट का नाम').fill('त्योहार');
  await tap(page, create.getByRole('button', { name: 'बनाएँ' }));
  await expect(page.getByRole('status').filter({ hasText: 'विशलिस्ट बन गई' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'त्योहार में डालें' })).toBeVisible();

  // The account's page lists it under Default, named in Hindi (the account's menu beside it is not this page's).
  await page.goto('/hi/account/wishlist');
  const lists = page.getByRole('region', { name: 'विशलिस्ट', exact: true });
  await expect(lists.getByRole('region', { name: 'डिफ़ॉल्ट' })).toContainText(name);
  await expect(lists).not.toContainText(/Default|Wishlist/);
  await expect(page).toHaveTitle(/^विशलिस्ट/);
});

test('the heart without JavaScript comes back to the Hindi page it was pressed on', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await registerWithApi(page, phoneFor(9000077200), 'Kiran Bedi');
  await page.goto('/hi/products?s=newest');
  const card = page.locator('[data-product-grid] article').nth(1);
  const name = (await card.locator('h3').textContent())!;
  await card.getByRole('button', { name: `विशलिस्ट में डालें: ${name}` }).click();
  await expect(page).toHaveURL(/\/hi\/products\?s=newest$/);
  await expect(page.locator('[data-product-grid] article').nth(1).getByRole('button', { name: `आपकी विशलिस्ट में है: ${name}` })).toBeVisible();
  await context.close();
});

test('a content page’s form says its own words in Hindi while it sends @desktop', async ({ page }) => {
  await page.goto('/hi/contact');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await expect.poll(() => page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(ATTACH_AFTER_MS);
  await form.getByLabel('Name').fill('लक्ष्मी');
  await awake(page, 'form[action="/webui/submit"]');
  await form.getByLabel('Phone').fill('9876512347');
  await form.getByLabel('Message').fill('क्या रविवार को डिलीवरी होती है?');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/s/api/webui/create', async (route) => {
    await released;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('button', { name: 'भेजा जा रहा है…' })).toBeDisabled();
  await expect(form).not.toContainText('Wait Saving');
  release();
  await expect(form.getByRole('button', { name: 'Send' })).toBeEnabled();
});
