import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { postToApi, registerWithApi, signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { awake } from './support/islands';
import { placeOrdersThroughApi } from './support/checkout';

/** The seeded administrator, Meera Iyer: coupon:manage among her permissions. */
const ADMIN = '9876500003';

async function screenshot(page: Page, name: string, width: number) {
  mkdirSync('test-results/bos-coupons', { recursive: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `test-results/bos-coupons/${name}-${width}.png`, fullPage: true, scale: 'css' });
}

test.describe('coupons in the back office @desktop', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a marketer makes a first-order coupon watching who can use it, and a new shopper’s cart takes it at once', async ({ page, browser }) => {
    const code = `E2E-${String(Date.now()).slice(-6)}`;
    await signInThroughApi(page, ADMIN);
    await page.goto('/bos/admin/coupons');
    await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
    await expect(page.locator('[data-coupon-row="DIWALI100"]')).toContainText('Expired');
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'list', width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // The search as you type: the address follows (once the screen has hydrated; before, the box is a plain form's).
    await awake(page, '#coupons-q');
    await page.getByLabel('Search coupons').fill('diwali');
    await expect(page).toHaveURL(/\/bos\/admin\/coupons\?q=diwali$/);
    await expect(page.locator('[data-coupon-row]')).toHaveCount(1);

    await page.getByRole('link', { name: 'New coupon' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New coupon' })).toBeVisible();
    const form = page.getByRole('form', { name: 'New coupon' });
    const summary = page.locator('[data-coupon-summary]');
    const save = page.getByRole('button', { name: 'Create coupon' });
    await expect(save).toBeEnabled(); // hydrated
    await expect(summary).toHaveText('Any order, a percentage off not set yet, at any time, no limit on uses.');

    await form.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
    await expect(form.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(code);
    await form.getByLabel('Percentage off (%)').fill('150');
    await save.click();
    // The contract's rule, beside its field; nothing was sent.
    await expect(form.getByText('The percentage must be a whole number from 1 to 100')).toBeVisible();
    await expect(form.getByLabel('Percentage off (%)')).toBeFocused();
    await form.getByLabel('Percentage off (%)').fill('10');
    await expect(form.getByText('The percentage must be a whole number from 1 to 100')).toHaveCount(0);
    await expect(page.locator('[data-coupon-report]')).toBeEmpty();
    await expect(summary).toHaveText('Any order, 10% off, at any time, no limit on uses.');
    await form.getByLabel('Up to (₹)').fill('100');
    await form.getByLabel('Minimum cart (₹)').fill('199');
    await form.getByLabel('First order only').check();
    await form.getByLabel('Uses per customer').fill('1');
    await form.getByLabel('Uses in all').fill('500');
    await expect(summary).toHaveText("Any customer's first order of ₹199 or more, 10% off up to ₹100, at any time, 500 uses in all, once per customer.");
    // The end, on India's clock: the 28th of next month at 9:30 PM.
    await form.getByRole('combobox', { name: 'End date' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('dialog', { name: 'Choose a date' }).getByRole('button', { name: /^[A-Z][a-z]{2} 28, \d{4}$/ }).click();
    await form.getByLabel('End time').fill('21:30');
    await expect(summary).toHaveText(/^Any customer's first order of ₹199 or more, 10% off up to ₹100, until 28 [A-Z][a-z]{2}( \d{4})? 9:30 PM IST, 500 uses in all, once per customer\.$/);
    await expect(page.locator('[data-unsaved]')).toHaveText('Unsaved changes');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('body').click({ position: { x: 1, y: 300 } });
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => scrollTo(0, 0));
      await screenshot(page, 'form', width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await save.click();
    await expect(page).toHaveURL(new RegExp(`/bos/admin/coupons/${code}\\?made=1$`));
    await expect(page.locator('[data-coupon-report]')).toHaveText(`Coupon ${code} created: it holds from the shopper's next cart.`);
    await expect(page.locator('[data-coupon-status]')).toHaveText('Active now');
    await expect(page.locator('[data-figure="Uses left"]')).toHaveText('500');

    // A new shopper, in a browser of their own, through the API: the cart takes the coupon at once.
    const shopper = await (await browser.newContext()).newPage();
    await shopper.goto('/about');
    await registerWithApi(shopper, `7${String(Date.now()).slice(-9)}`, 'Coupon Shopper');
    const { data } = await (await shopper.request.get('/s/api/products?perPage=48')).json();
    const pack = data.flatMap((p: { packs: { pack_id: number; warehouse_id: number; in_stock: boolean; price: number }[] }) => p.packs).find((p: { in_stock: boolean; price: number }) => p.in_stock && p.price >= 250 && p.price <= 900);
    expect((await postToApi(shopper, '/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id })).status()).toBe(200);
    const applied = await postToApi(shopper, '/apply/coupon', { code: code.toLowerCase() });
    expect(applied.status(), await applied.text()).toBe(200);
    const cart = await applied.json();
    expect(cart.offercode).toBe(code);
    const discount = Math.min(Math.floor((Math.round(pack.price * 100) * 10) / 100) / 100, 100);
    expect(cart.discount).toBe(discount);
    // Their order takes it (the cart holds it): one use.
    const [orderId] = await placeOrdersThroughApi(shopper, 1);
    await shopper.context().close();

    // Its page counts the use and lists the order; the list finds it, with its sentence.
    await page.reload();
    await expect(page.locator('[data-figure="Uses"]')).toHaveText('1 of 500');
    await expect(page.locator('[data-figure="Uses left"]')).toHaveText('499');
    await expect(page.locator('[data-figure="Customers"]')).toHaveText('1');
    await expect(page.locator('[data-coupon-usage] tbody tr')).toHaveCount(1);
    await expect(page.locator('[data-coupon-usage] tbody a')).toHaveAttribute('href', `/bos/admin/orders/${orderId}`);
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'coupon', width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/bos/admin/coupons?q=${code}`);
    await expect(page.locator(`[data-coupon-row="${code}"]`)).toContainText("Any customer's first order of ₹199 or more, 10% off up to ₹100");
    await expect(page.locator(`[data-coupon-row="${code}"]`)).toContainText('1 of 500 used · 499 left');
  });
});
