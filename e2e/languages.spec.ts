import { expect, test } from '@playwright/test';
import { signInThroughApi } from './support/accounts';

/** The shop in English and Hindi (docs/languages.md): the switch keeps the page, the choice is remembered. */
test.describe('languages', () => {
  test('a shopper switches to हिन्दी, stays in Hindi as they move, and comes back to it on the next visit @desktop', async ({ page, context }) => {
    await page.goto('/products?page=2');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await page.getByRole('banner').getByRole('link', { name: 'हिन्दी' }).click();
    await expect(page).toHaveURL(/\/hi\/products\?page=2$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page.getByRole('link', { name: 'सामग्री पर जाएँ' })).toBeAttached();
    // The shop's own links keep the language: the logo leads to the Hindi home page.
    await page.getByRole('banner').getByRole('link', { name: 'Annapurna Fresh, मुख्य पृष्ठ' }).filter({ visible: true }).first().click();
    await page.waitForURL(/\/hi$/);
    await expect(page.getByRole('contentinfo')).toContainText('सर्वाधिकार सुरक्षित');

    // The next visit to the home page opens in Hindi; any other address opens in the language it names.
    const next = await context.newPage();
    await next.goto('/');
    await expect(next).toHaveURL(/\/hi$/);
    await next.goto('/products');
    await expect(next.locator('html')).toHaveAttribute('lang', 'en-IN');

    // Back to English from the footer: the choice changes with it.
    await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
    // A whole navigation: waited for as one (a loaded machine takes longer than an expectation's 5 s).
    await page.waitForURL(/:\d+\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await next.goto('/');
    await expect(next).toHaveURL(/:\d+\/$/);
  });

  test('the phone’s menu has the switch @phone', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#side-menu').getByRole('link', { name: 'हिन्दी' }).click();
    await expect(page).toHaveURL(/\/hi\/products$/);
    await expect(page.getByRole('button', { name: 'मेन्यू खोलें' })).toBeVisible();
  });

  test('a browser that asks for Hindi is offered it once, never sent: dismissed, it stays away; chosen, it opens the page in Hindi @desktop', async ({ browser, baseURL }) => {
    const hindi = await browser.newContext({ baseURL, locale: 'hi-IN' });
    const page = await hindi.newPage();
    await page.goto('/products');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    const offer = page.getByRole('complementary', { name: 'Language' });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'No thanks' }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.locator('[data-language-suggestion]')).toBeHidden();

    const again = await (await browser.newContext({ baseURL, locale: 'hi-IN' })).newPage();
    await again.goto('/products?page=2');
    await again.getByRole('link', { name: 'हिन्दी में देखें' }).click();
    await expect(again).toHaveURL(/\/hi\/products\?page=2$/);

    const english = await (await browser.newContext({ baseURL, locale: 'en-IN' })).newPage();
    await english.goto('/products');
    await expect(english.locator('[data-language-suggestion]')).toBeHidden();
    await hindi.close();
  });

  test('a search from a Hindi page, in Hindi words, lists its results in Hindi @desktop', async ({ page }) => {
    await page.goto('/hi');
    const field = page.getByRole('banner').getByRole('combobox').filter({ visible: true }).first();
    await field.fill('चावल');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/hi\/products\?q=/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
    await expect(page.getByRole('article').first()).toContainText(/rice|Rice|चावल|Basmati/);
  });

  test('a sales agent has the same switch on the dashboard: to Hindi and back, on the same page @desktop', async ({ page }) => {
    await signInThroughApi(page, '9876500002');
    await page.goto('/account/dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'हिन्दी' }).click();
    await expect(page).toHaveURL(/\/hi\/account\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/:\d+\/account\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  });
});
