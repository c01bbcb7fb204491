import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './support/back-office';
import { exclusively, signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { awake } from './support/islands';

/** The seeded administrator, Meera Iyer: website_setting:view and :edit. */
const MEERA = '9876500003';
/** The seeded shopper, Asha Verma. */
const ASHA = '9876500001';

/** A turn at the website's settings: the other spec's whole run may come first. */
const SITE_TURN = { staleMs: 240_000, waitMs: 200_000 };

test.describe('the website settings in the page builder @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  // Two people signed in, a preview drawn after each save and axe over a long form.
  test.describe.configure({ timeout: 240_000 + SITE_TURN.waitMs });

  test('Meera adds a navigation link, sees it in the preview, publishes, and a shopper sees it in the header', async ({ page, browser }) => {
    // The website's settings have one draft: this and the other spec that changes it take turns.
    await exclusively('site-settings', async () => {
      await signInThroughApi(page, MEERA);
      await page.goto('/page-builder/site');
      await expect(page.getByRole('heading', { level: 1, name: 'Website' })).toBeVisible();
      await awake(page, '[data-site-settings]');
      const before = await apiCall(page, 'GET', '/site-settings/versions');
      const lastVersion = (before.body as { data: { version: number }[] }).data[0]!.version;

      const navigation = page.getByRole('region', { name: 'Navigation' });
      await navigation.getByRole('button', { name: 'Add a link', exact: true }).click();
      // The new row's name has the focus: type straight in.
      const row = navigation.locator('[data-item]').last();
      await expect(row.getByLabel('Name', { exact: true })).toBeFocused();
      await page.keyboard.type('Weekly deals');
      await row.getByLabel('Link', { exact: true }).fill('javascript:alert(1)');
      await expect(row.locator('[data-field-error]')).toContainText('Link must be a path of this site starting with /');
      await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
      await row.getByLabel('Link', { exact: true }).fill('/offers');
      await expect(page.locator('[data-save-state=saved]')).toBeVisible();
      await expect(row.locator('[data-field-error]')).toHaveCount(0);

      // Alt+↑ moves it up one, keeping the focus in the row.
      await row.getByLabel('Name', { exact: true }).focus();
      await page.keyboard.press('Alt+ArrowUp');
      await expect(navigation.locator('[data-item]').nth(-2).getByLabel('Name', { exact: true })).toHaveValue('Weekly deals');
      await expect(navigation.locator('[data-item]').nth(-2).getByLabel('Name', { exact: true })).toBeFocused();
      await expect(page.locator('[data-save-state=saved]')).toBeVisible();

      const preview = page.frameLocator('[data-site-preview]');
      await expect(preview.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Weekly deals' })).toBeVisible({ timeout: 20_000 });

      // Shoppers do not see the draft.
      const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const asha = await shopper.newPage();
      await asha.goto('/', { waitUntil: 'domcontentloaded' });
      await expect(asha.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeVisible();
      await expect(asha.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Weekly deals' })).toHaveCount(0);

      mkdirSync('docs/images', { recursive: true });
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: 'docs/images/page-builder-site.png' });
      // axe on the editor: the preview's frame is emptied first (it is the shop's home page, which the shop's own
      // suites check; axe walking it here takes minutes on a busy machine). A save draws a new frame.
      await page.locator('[data-site-preview]').evaluate((frame: HTMLIFrameElement) => (frame.src = 'about:blank'));
      expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
      await expect(page.locator('[data-site-notice]')).toContainText('Published: shoppers see these settings now');
      await expect(page.getByText('The draft is what shoppers see now.')).toBeVisible();

      await asha.goto('/', { waitUntil: 'domcontentloaded' });
      await expect(asha.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Weekly deals' })).toHaveAttribute('href', '/offers');

      // The preview is for page builders only, never stored or indexed.
      const answer = await page.request.get('/page-builder/preview/site');
      expect(answer.status()).toBe(200);
      expect(answer.headers()['cache-control']).toBe('private, no-store');
      expect(answer.headers()['x-robots-tag']).toBe('noindex');
      expect(await answer.text()).toContain('<meta name="robots" content="noindex">');
      const anonymous = await asha.request.get('/page-builder/preview/site', { maxRedirects: 0 });
      expect(anonymous.status()).toBe(303);
      await signInThroughApi(asha, ASHA);
      const refused = await asha.goto('/page-builder/preview/site');
      expect(refused!.status()).toBe(403);
      await shopper.close();

      // The shop as it was, for the other suites.
      expect((await apiCall(page, 'POST', `/site-settings/versions/${lastVersion}/restore`)).status).toBe(200);
      expect((await apiCall(page, 'POST', '/site-settings/publish')).status).toBe(200);
    }, SITE_TURN);
  });
});
