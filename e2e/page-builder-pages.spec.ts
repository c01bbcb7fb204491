import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';

/** The seeded administrator, Meera Iyer (website_setting:view and edit), and the shopper Asha. */
const MEERA = '9876500003';
const ASHA = '9876500001';
/** Pages answer slowly while the machine runs other suites: each look waits up to 15 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe('the page builder\'s pages list @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 240_000 });

  test('signed out, /page-builder asks for a sign-in and comes back', async ({ page }) => {
    await page.goto('/page-builder');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fpage-builder$/);
  });

  test('Meera makes /diwali-sale (after the path errors), copies it and deletes the copy; a shopper gets 404 there and 403 here', async ({ page, browser }) => {
    await signInAt(page, MEERA, '/page-builder');
    await expect(page).toHaveURL(/\/page-builder$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pages');
    await expect(page.getByRole('navigation', { name: 'Page builder' }).getByRole('link', { name: 'Pages' })).toHaveAttribute('aria-current', 'page');

    // Home is listed first, with its state in words, and neither Unpublish nor Delete: the reason instead.
    const rows = page.locator('[data-page-row]');
    await expect(rows.first()).toHaveAttribute('data-page-row', '/');
    const home = page.locator('[data-page-row="/"]');
    await expect(home.locator('[data-page-state]')).toHaveText(/^(Published|Published, with unpublished changes)$/);
    await expect(home.getByRole('button', { name: /^(Delete|Unpublish) / })).toHaveCount(0);
    await expect(home.locator('[data-home-kept]')).toHaveText('Home is always live: it cannot be unpublished or deleted.');
    await expect(home.getByRole('link', { name: 'Edit /' })).toHaveAttribute('href', /^\/page-builder\/pages\/\d+$/);
    await expect(page.locator('[data-page-row="/about"] [data-page-live]')).toHaveAttribute('href', '/about');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'list', 1280);
    await page.setViewportSize({ width: 1024, height: 900 });
    await screenshot(page, 'list', 1024);
    await page.setViewportSize({ width: 1280, height: 900 });

    // "/" goes to the search; the list narrows as she types, and the address keeps it.
    await page.locator('h1').click();
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: /Search pages/ });
    await expect(search).toBeFocused();
    await page.keyboard.type('about');
    await expect(rows).toHaveCount(1);
    await expect(page).toHaveURL(/\/page-builder\?q=about$/);
    await search.fill('');
    await expect(page).toHaveURL(/\/page-builder$/);
    await expect(rows).not.toHaveCount(1);

    // New page: the title suggests the path; a shop's own route and a taken path are refused under the field.
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    const title = dialog.getByLabel('Title');
    await expect(title).toBeFocused();
    await page.keyboard.type('Diwali sale');
    const path = dialog.getByLabel('Path');
    await expect(path).toHaveValue('/diwali-sale');
    await path.fill('/products');
    await dialog.getByRole('button', { name: 'Create and edit' }).click();
    await expect(dialog.getByText("/products is one of the shop's own pages: choose another path")).toBeVisible();
    await expect(path).toHaveAttribute('aria-invalid', 'true');
    await expect(path).toBeFocused();
    await path.fill('/about');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Another page is already at /about')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'new-page-refused', 1280);
    await path.fill('/diwali-sale');
    await page.keyboard.press('Enter');

    // Made: on to its editor; back in the list it is a draft.
    await expect(page).toHaveURL(/\/page-builder\/pages\/\d+$/);
    await page.goto('/page-builder');
    const sale = page.locator('[data-page-row="/diwali-sale"]');
    await expect(sale.locator('[data-page-state]')).toHaveText('Draft');
    await expect(sale).toContainText('Not live: shoppers get a 404 here');
    await expect(sale.locator('[data-page-changed]')).toHaveText(/^Meera Iyer · Today, \d{1,2}:\d{2} [AP]M$/);
    await expect(sale.locator('[data-page-live]')).toHaveCount(0);
    await expect(sale.getByRole('button', { name: 'Unpublish /diwali-sale' })).toHaveCount(0);

    // Duplicate: it asks the copy's path and title, then shows the copy as a draft.
    await sale.getByRole('button', { name: 'Duplicate /diwali-sale' }).click();
    const copyDialog = page.getByRole('dialog', { name: 'Duplicate /diwali-sale' });
    await expect(copyDialog.getByLabel('Path')).toHaveValue('/diwali-sale-copy');
    await expect(copyDialog.getByLabel('Title')).toHaveValue('Diwali sale (copy)');
    await copyDialog.getByRole('button', { name: 'Duplicate' }).click();
    await expect(copyDialog).toBeHidden();
    await expect(page.locator('[data-pages-report]')).toContainText('/diwali-sale is copied to /diwali-sale-copy, as a draft.');
    await expect(page.locator('[data-pages-report]').getByRole('link', { name: 'Edit /diwali-sale-copy' })).toHaveAttribute('href', /^\/page-builder\/pages\/\d+$/);
    const copy = page.locator('[data-page-row="/diwali-sale-copy"]');
    await expect(copy.locator('[data-page-state]')).toHaveText('Draft');

    // Delete the copy with the keyboard, through the dialog that says what it does; the focus lands on what was done.
    await copy.getByRole('button', { name: 'Delete /diwali-sale-copy' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete page' });
    await expect(confirm).toContainText('Delete /diwali-sale-copy (“Diwali sale (copy)”)? Its draft and every published version are deleted, and this cannot be undone.');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'delete-dialog', 1280);
    await confirm.getByRole('button', { name: 'Delete /diwali-sale-copy' }).click();
    await expect(copy).toHaveCount(0);
    await expect(page.locator('[data-pages-report]')).toHaveText('/diwali-sale-copy is deleted.');
    await expect(page.locator('[data-pages-report]')).toBeFocused();
    await expect(sale).toHaveCount(1);

    // A shopper: a 404 at the draft's path, and the 403 page for the page builder.
    const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const asha = await shopper.newPage();
    expect((await asha.goto('/diwali-sale'))!.status()).toBe(404);
    await signInAt(asha, ASHA, '/account');
    const forbidden = await asha.goto('/page-builder');
    expect(forbidden!.status()).toBe(403);
    await expect(asha.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
    await expect(asha.getByText('The page builder is for staff who look after the website.')).toBeVisible();
    expect((await asha.request.get('/s/api/pages')).status()).toBe(403);
    await shopper.close();
  });
});

/** Signs a seeded person in (through the API: the sign-in screens are auth.spec's subject), then opens `path`. */
async function signInAt(page: Page, phone: string, path: string) {
  await signInThroughApi(page, phone);
  await page.goto(path);
}

/** For looking at: the page as it stands, whole, at this width; and no sideways scroll of the page itself. */
async function screenshot(page: Page, name: string, width: number) {
  mkdirSync('test-results/page-builder-pages', { recursive: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `test-results/page-builder-pages/${name}-${width}.png`, fullPage: true, scale: 'css' });
}
