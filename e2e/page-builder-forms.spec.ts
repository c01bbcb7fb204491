import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';

/** The seeded administrator, Meera Iyer: website_setting:view and :edit. */
const ADMIN = '9876500003';

/** A shopper's answer to the contact form, sent as the page's form sends it (POST /s/api/webui/create). */
async function shopperSends(page: Page, name: string, message: string, email = '') {
  await page.goto('/contact');
  const status = await page.evaluate(
    async ([n, m, e]) => {
      await fetch('/s/api/cookie', { headers: { 'X-Origin': location.origin } });
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const r = await fetch('/s/api/webui/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify({ formtype: 'contact', formdata: { name: n, phone: '9876512345', message: m, ...(e ? { email: e } : {}) } }),
      });
      return r.status;
    },
    [name, message, email] as const,
  );
  expect(status).toBe(200);
}

async function screenshot(page: Page, name: string) {
  mkdirSync('test-results/page-builder-forms', { recursive: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `test-results/page-builder-forms/${name}-${page.viewportSize()!.width}.png`, fullPage: true, scale: 'css' });
}

test.describe('the page builder\'s form answers at 1280 px @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 180_000 });

  test('Meera sees an answer a shopper sent, searches, exports the CSV and deletes one', async ({ browser, page }) => {
    const tag = String(Date.now()).slice(-7);
    const shopper = await browser.newPage();
    await shopperSends(shopper, `Lakshmi ${tag}`, `Can you deliver on Sunday? ${tag}`);
    await shopperSends(shopper, `Ananya ${tag}`, 'Do you stock A2 milk in glass bottles?', 'ananya@example.com');
    await shopperSends(shopper, `Farhan ${tag}`, `Please call about bulk rice ${tag}`);
    await shopper.close();

    // Signed out, the screen sends you to sign in first.
    await page.goto('/page-builder/forms');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fpage-builder%2Fforms$/);
    await signInThroughApi(page, ADMIN);
    await page.goto('/page-builder/forms');
    await expect(page.getByRole('heading', { level: 1, name: 'Form answers' })).toBeVisible();
    const forms = page.getByRole('navigation', { name: 'Forms of this website' });
    const contact = forms.locator('[data-form="contact"]');
    await expect(contact).toContainText('Send us a message');
    await expect(contact).toContainText('on /contact');

    // The newest answer is first, in the every-form view the page was rendered with.
    const rows = page.locator('[data-answer]');
    await expect(rows.first()).toContainText(`Farhan ${tag}`);
    await screenshot(page, 'all');

    // Choose the form: its fields become the columns, and the address follows.
    await contact.click();
    await expect(page).toHaveURL(/\/page-builder\/forms\?form=contact$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Send us a message' })).toBeVisible();
    const table = page.locator('[data-answers]');
    await expect(table.getByRole('columnheader')).toHaveText(['Select', 'Sent', 'Name', 'Phone', 'Email', 'Message', 'Actions']);
    await expect(rows.first()).toContainText(`Farhan ${tag}`);
    await expect(rows.nth(1)).toContainText(`Ananya ${tag}`);
    await expect(rows.nth(2)).toContainText(`Lakshmi ${tag}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'form');

    // Search the answers' text.
    await page.getByRole('searchbox', { name: 'Search answers' }).fill(`Sunday? ${tag}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/page-builder/forms\\?form=contact&q=Sunday%3F\\+${tag}$`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Lakshmi ${tag}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'search');

    // Export the form's CSV: a download with the labels as its header and the answer in it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-export]').click()]);
    expect(download.suggestedFilename()).toMatch(/^contact-answers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Sent (IST),Name,Phone,Email,Message');
    expect(csv).toContain(`Lakshmi ${tag},9876512345,,Can you deliver on Sunday? ${tag}`);

    // Delete it, through the confirm step.
    await rows.first().getByRole('button', { name: /^Delete the answer sent / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this answer?' });
    await expect(dialog).toContainText(`This deletes the answer “Lakshmi ${tag}” sent`);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete answer' }).click();
    await expect(page.locator('[data-forms-report]')).toHaveText('Deleted 1 answer.');
    await expect(rows).toHaveCount(0);
    await expect(page.locator('[data-forms-empty]')).toContainText(`No answers match “Sunday? ${tag}”`);

    // Cleared, the other answer is still there.
    await page.getByRole('link', { name: 'Clear the search' }).click();
    await expect(rows.first()).toContainText(`Farhan ${tag}`);
    await expect(page.locator('[data-answer]', { hasText: `Lakshmi ${tag}` })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'after-delete');

    // Usable at 1024 px: the page does not scroll sideways (a wide form's table scrolls in its own box).
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect(page.locator('[data-export]')).toBeVisible();
    await screenshot(page, 'after-delete');
  });
});
