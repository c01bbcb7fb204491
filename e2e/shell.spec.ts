import { expect, test, type Page } from '@playwright/test';

const shop2 = (baseURL: string | undefined, path = '/') => `http://shop2.localhost:${new URL(baseURL!).port}${path}`;
const themeOf = (page: Page) =>
  page.evaluate(() => ({
    primary: getComputedStyle(document.documentElement).getPropertyValue('--theme-primary').trim(),
    font: getComputedStyle(document.body).fontFamily,
  }));

test.describe('the themed shell', () => {
  test('each website has its own theme colours and font, and the font is self-hosted @desktop', async ({ page, baseURL }) => {
    const fontRequests: string[] = [];
    page.on('request', (r) => r.resourceType() === 'font' && fontRequests.push(r.url()));
    await page.goto('/');
    const first = await themeOf(page);
    expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('600 16px Inter')))).toBe(true);
    await page.goto(shop2(baseURL));
    const second = await themeOf(page);
    expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('600 16px Poppins')))).toBe(true);
    expect(first.primary).toBe('#15803d');
    expect(second.primary).toBe('#9f1239');
    expect(first.font).toMatch(/^"?Inter/);
    expect(second.font).toMatch(/^"?Poppins/);
    const buttonColour = await page.getByRole('button', { name: /^Cart/ }).filter({ visible: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(buttonColour).toBe('rgb(159, 18, 57)');
    expect(fontRequests.length).toBeGreaterThan(0);
    for (const url of fontRequests) expect(new URL(url).hostname).toMatch(/localhost$/);
  });

  test('the account menu shows a visitor exactly Login and Register @desktop', async ({ page }) => {
    await page.goto('/');
    const account = page.getByRole('navigation', { name: 'Account' }).filter({ visible: true });
    await expect(account).toHaveCount(1);
    await expect(account.getByRole('link')).toHaveText(['Login', 'Register']);
    await expect(account.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    await expect(page.getByRole('link', { name: /Administration|Website Settings|POS|Switch Website|Logout/ })).toHaveCount(0);
  });

  test("the side menu's Account shows a visitor exactly Login and Register @phone", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#side-menu');
    const account = menu.locator('details').filter({ has: page.locator('summary', { hasText: /^Account$/ }) });
    await account.locator('summary').click();
    await expect(account.getByRole('link')).toHaveText(['Login', 'Register']);
    await expect(account.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    await expect(page.getByRole('link', { name: /Administration|Website Settings|POS|Switch Website|Logout/ })).toHaveCount(0);
  });

  test('search goes to /products?q= with the text trimmed', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true });
    await box.fill('  basmati rice  ');
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/products');
    await box.press('Enter');
    expect(new URL((await request).url()).searchParams.get('q')).toBe('basmati rice');
  });

  test('internal links navigate without a full reload and show the progress bar @desktop', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
      const states: string[] = [];
      (window as unknown as { states: string[] }).states = states;
      const bar = document.querySelector('[data-progress-bar]')!;
      // Both changes can land in one observer callback: keep every record's previous value.
      new MutationObserver((records) => records.forEach((r) => states.push(r.oldValue ?? 'none'))).observe(bar, { attributes: true, attributeOldValue: true, attributeFilter: ['data-state'] });
    });
    await page.getByRole('link', { name: 'Annapurna Fresh, home' }).filter({ visible: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Annapurna Fresh' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    // The bar went from nothing to running to done.
    await expect.poll(() => page.evaluate(() => (window as unknown as { states: string[] }).states)).toEqual(['none', 'running']);
    await expect(page.locator('[data-progress-bar]')).toHaveAttribute('data-state', 'done');
  });
});

test.describe('desktop header @desktop', () => {
  test('renders each website\'s header template and the sub-navbar with nested dropdowns', async ({ page, baseURL }) => {
    await page.goto('/');
    await expect(page.locator('[data-header-template="1"]')).toBeVisible();
    await expect(page.locator('[data-slot="left"]').getByRole('link', { name: /home$/ })).toBeVisible();
    await expect(page.locator('[data-slot="centre"]').getByRole('combobox', { name: 'Search products' })).toBeVisible();
    await expect(page.locator('[data-slot="right"]').getByRole('button', { name: /^Cart/ })).toBeVisible();

    const sub = page.getByRole('navigation', { name: 'Main' });
    await sub.getByText('Categories', { exact: true }).click();
    await sub.getByText('Staples', { exact: true }).click();
    await sub.getByText('Rice & Rice Products', { exact: true }).click();
    await expect(sub.getByRole('link', { name: 'Basmati Rice' })).toHaveAttribute('href', '/products?c=basmati-rice');
    await page.keyboard.press('Escape');
    await expect(sub.getByRole('link', { name: 'Basmati Rice' })).toBeHidden();

    await page.goto(shop2(baseURL));
    await expect(page.locator('[data-header-template="2"]')).toBeVisible();
    await expect(page.locator('[data-slot="left"]').getByRole('combobox', { name: 'Search products' })).toBeVisible();
    await expect(page.locator('[data-slot="centre"]').getByRole('link', { name: /home$/ })).toBeVisible();
  });
});

test.describe('phone header @phone', () => {
  test("renders each website's template on the phone bar: logo left for template 1, centred for template 2", async ({ page, baseURL }) => {
    await page.goto('/');
    const centreOf = async () => {
      const box = (await page.locator('[data-mobile-bar]').getByRole('link', { name: /home$/ }).boundingBox())!;
      return box.x + box.width / 2;
    };
    const width = page.viewportSize()!.width;
    await expect(page.locator('[data-mobile-bar]')).toHaveAttribute('data-logo', 'left');
    expect(await centreOf()).toBeLessThan(width / 2);
    await page.goto(shop2(baseURL));
    await expect(page.locator('[data-mobile-bar]')).toHaveAttribute('data-logo', 'centre');
    expect(Math.abs((await centreOf()) - width / 2)).toBeLessThan(40);
  });

  test('the side menu slides in, its sections open and close, and it closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-desktop-bar]')).toBeHidden();
    const menu = page.locator('#side-menu');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(300);
    const categories = menu.locator('details').filter({ hasText: 'Categories' }).first();
    await categories.locator('summary').first().click();
    await expect(menu.getByText('Dairy & Bakery', { exact: true })).toBeVisible();
    await categories.locator('summary').first().click();
    await expect(menu.getByText('Dairy & Bakery', { exact: true })).toBeHidden();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });
});

/** A fake clock that moves only when the test says so (an installed clock otherwise keeps running). */
async function stillClock(page: Page) {
  await page.clock.install({ time: new Date('2026-11-22T10:00:00+05:30') });
  await page.clock.pauseAt(new Date('2026-11-22T10:00:01+05:30'));
}

test.describe('promotional popup', () => {
  test('appears 5 s after load on /, links to its offer in a new tab, and honours once', async ({ page }) => {
    await stillClock(page);
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Offer' });
    await page.clock.runFor(4_500);
    await expect(popup).toBeHidden();
    await page.clock.runFor(1_000);
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('link')).toHaveAttribute('target', '_blank');
    expect(await page.evaluate(() => localStorage.getItem('popupShown'))).toBe('/demo/popup-annapurna.svg');
    await page.clock.runFor(5_500);
    await expect(popup).toBeHidden();

    await page.reload();
    await page.clock.runFor(11_000);
    await expect(page.getByRole('dialog', { name: 'Offer' })).toBeHidden();

    await page.evaluate(() => localStorage.setItem('popupShown', '/an-older-offer.png'));
    await page.reload();
    await page.clock.runFor(5_500);
    await expect(page.getByRole('dialog', { name: 'Offer' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog', { name: 'Offer' })).toBeHidden();
  });

  test('never appears on other pages @desktop', async ({ page }) => {
    await stillClock(page);
    await page.goto('/about');
    await page.clock.runFor(11_000);
    await expect(page.locator('[data-popup]')).toHaveCount(0);
  });
});

test.describe('telemetry', () => {
  test('without keys, no analytics or error-reporting script loads and no request leaves for them @desktop', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Annapurna Fresh, home' }).filter({ visible: true }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('meta[name="analytics"]').count()).toBe(0);
    expect(urls.filter((u) => /ingest|posthog|sentry/i.test(u))).toEqual([]);
    expect(urls.every((u) => new URL(u).hostname.endsWith('localhost'))).toBe(true);
    expect(await page.locator('meta[name="environment"]').getAttribute('content')).toBe('local');
  });
});
