import sharp from 'sharp';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { awake } from './support/islands';
import { exclusively, signInThroughApi } from './support/accounts';
import { apiCall } from './support/back-office';

/** The seeded administrator, Meera Iyer: website_setting:view and website_setting:edit. */
const MEERA = '9876500003';
const PATH = '/summer-sale';
/** Each look waits at most 15 s (the machine runs other suites beside this one). */
const expect = baseExpect.configure({ timeout: 15_000 });

/** Deletes the page at `url` if there is one (another spec makes /summer-sale as a draft). */
async function deletePageAt(page: Page, url: string) {
  const list = await apiCall(page, 'GET', `/pages?q=${encodeURIComponent(url.slice(1))}`);
  for (const p of (list.body as { data: { id: number; url: string }[] }).data.filter((p) => p.url === url)) expect((await apiCall(page, 'DELETE', `/pages/${p.id}`)).status).toBe(200);
}

/** A simple picture for the library: a field of mango orange with two circles (no text: the machine may have no fonts). */
const picture = () =>
  sharp({ create: { width: 1600, height: 600, channels: 3, background: '#f2a93b' } })
    .composite([{ input: Buffer.from('<svg width="1600" height="600"><circle cx="520" cy="300" r="220" fill="#f7c548"/><circle cx="1080" cy="300" r="200" fill="#e98a2b"/></svg>') }])
    .png()
    .toBuffer();

/** Adds a block from the editor's palette (+ Add a block, a <details>), opening it first when it is closed. */
async function addBlock(page: Page, type: string) {
  // The palette is native (<details>) and opens before the editor's island wakes; its buttons need the island.
  await awake(page, '[data-palette]');
  const button = page.locator(`[data-add-block="${type}"]`);
  await expect(async () => {
    if (!(await button.isVisible())) await page.locator('[data-palette] summary').click();
    await expect(button).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await button.click();
}

/** The editor's Publish, through its confirm step. */
async function publish(page: Page, url: string) {
  await page.locator('[data-publish]').click();
  await page.getByRole('dialog', { name: new RegExp(`^Publish (changes to )?${url.replace(/[/-]/g, '\\$&')}$`) }).getByRole('button', { name: 'Publish now' }).click();
  await expect(page.locator('[data-editor-report]')).toHaveText(`Published: ${url} is live.`);
}

/** A turn at the website's settings: the other spec's whole run may come first. */
const SITE_TURN = { staleMs: 240_000, waitMs: 200_000 };

test.use({ actionTimeout: 15_000 });

test('Meera builds /summer-sale from the library and the catalogue, links it, and restores home; a shopper sees each step @desktop', async ({ page, browser }) => {
  // Up to 4 minutes of its own, after a turn the other spec may be taking.
  test.setTimeout(240_000 + SITE_TURN.waitMs);
  // The website's settings have one draft: this and the other spec that changes it take turns.
  await exclusively('site-settings', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const stamp = String(Date.now()).slice(-7);
    const alt = `Summer sale: mangoes up to 30% off ${stamp}`;

    await signInThroughApi(page, MEERA);
    // On a page of the shop: the spec's own calls read its anti-forgery cookie there.
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await deletePageAt(page, PATH);
    const siteBefore = await apiCall(page, 'GET', '/site-settings/versions');
    const siteVersion = (siteBefore.body as { data: { version: number }[] }).data[0]!.version;

    // 1. An image into the media library.
    await page.goto('/page-builder/media');
    await expect(page.getByLabel('Search images')).toBeEnabled();
    const upload = page.locator('[data-media-upload]');
    await upload.locator('[data-media-file]').setInputFiles({ name: `summer-${stamp}.png`, mimeType: 'image/png', buffer: await picture() });
    await upload.getByLabel('Alt text').fill(alt);
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(page.locator('[data-media-report]')).toHaveText(`Uploaded summer-${stamp}.png`);

    // 2. /summer-sale from the pages list.
    await page.goto('/page-builder');
    await expect(page.locator('[data-page-row="/"]')).toBeVisible();
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await page.keyboard.type('Summer sale');
    await expect(dialog.getByLabel('Path')).toHaveValue(PATH);
    await dialog.getByRole('button', { name: 'Create and edit' }).click();
    await expect(page).toHaveURL(/\/page-builder\/pages\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Summer sale');
    const status = page.locator('[data-save-status]');

    // 3a. A hero whose image is chosen from the library: Escape closes the picker and gives the focus back.
    await addBlock(page, 'hero');
    const hero = page.locator('[data-block="hero"]');
    const choose = hero.getByRole('button', { name: 'Choose from library: Image', exact: true });
    await choose.click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await expect(picker.getByLabel('Search images')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(choose).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(picker.getByLabel('Search images')).toBeFocused();
    await page.keyboard.type(stamp);
    const tile = picker.getByRole('button', { name: alt });
    await expect(tile).toBeVisible();
    await tile.click();
    await expect(picker).toBeHidden();
    await expect(choose).toBeFocused();
    await expect(hero.getByRole('textbox', { name: 'Image', exact: true })).toHaveValue(/^\/media\//);
    await expect(hero.getByRole('textbox', { name: 'Alt text' })).toHaveValue(alt);

    // 3b. A product carousel, its product found by name.
    await addBlock(page, 'product_carousel');
    const carousel = page.locator('[data-block="product_carousel"]');
    const search = carousel.getByRole('combobox', { name: 'Add a product to products' });
    await search.fill('basmati');
    await expect(carousel.getByRole('option').first()).toContainText('Basmati');
    const chosenName = ((await carousel.getByRole('option').first().locator('span.font-medium').textContent()) ?? '').trim();
    await search.press('Enter');
    await expect(carousel.locator('[data-chosen-list="product"]')).toContainText(chosenName);
    await carousel.getByRole('textbox', { name: 'Title', exact: true }).fill('Summer staples');

    // 3c. Rich text.
    await addBlock(page, 'rich_html');
    await page.locator('[data-block="rich_html"]').getByRole('textbox', { name: 'Text' }).click();
    await page.keyboard.type('Cool deals for hot days');
    await expect(page.locator('[data-block-list] > li')).toHaveCount(3);
    await expect(status).toHaveText(/^Saved /);

    // 4. The preview at a phone's width shows the hero and the carousel.
    await expect(page.locator('[data-preview-width="phone"]')).toBeChecked();
    await expect(page.locator('[data-preview]')).toHaveCSS('width', '360px');
    const preview = page.frameLocator('[data-preview]');
    await expect(preview.getByRole('img', { name: alt })).toBeVisible();
    await expect(preview.getByText(chosenName).first()).toBeVisible();

    expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    // The screenshot shows the three blocks: the hero and the carousel folded, the rich text open.
    await hero.getByRole('button', { name: /Hero slider/, expanded: true }).click();
    await carousel.getByRole('button', { name: /Product carousel/, expanded: true }).click();
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: 'docs/images/page-builder-journey-1280.png' });

    // 5. Published: a signed-out shopper sees the hero's image and the products.
    await publish(page, PATH);
    const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const asha = await shopper.newPage();
    await asha.goto(PATH, { waitUntil: 'domcontentloaded' });
    await expect(asha.getByRole('img', { name: alt })).toBeVisible();
    await expect(asha.getByRole('img', { name: alt })).toHaveAttribute('src', /\/media\//);
    await expect(asha.getByText(chosenName).first()).toBeVisible();
    await expect(asha.getByText('Cool deals for hot days')).toBeVisible();

    // 6. A link to it in the navigation, published: the shopper sees it in the header.
    await page.goto('/page-builder/site');
    await awake(page, '[data-site-settings]');
    const navigation = page.getByRole('region', { name: 'Navigation' });
    await navigation.getByRole('button', { name: 'Add a link', exact: true }).click();
    const row = navigation.locator('[data-item]').last();
    await expect(row.getByLabel('Name', { exact: true })).toBeFocused();
    await page.keyboard.type('Summer sale');
    await row.getByLabel('Link', { exact: true }).fill(PATH);
    await expect(page.locator('[data-save-state=saved]')).toBeVisible();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await expect(page.locator('[data-site-notice]')).toContainText('Published: shoppers see these settings now');
    await asha.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(asha.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Summer sale' })).toHaveAttribute('href', PATH);

    // 7. Home gets a second version, then the earlier one is restored and published.
    await page.goto('/page-builder');
    await page.locator('[data-page-row="/"]').getByRole('link', { name: 'Edit /' }).click();
    await expect(page).toHaveURL(/\/page-builder\/pages\/\d+$/);
    await addBlock(page, 'rich_html');
    await page.locator('[data-block="rich_html"]').last().getByRole('textbox', { name: 'Text' }).click();
    await page.keyboard.type(`Mango week ${stamp}`);
    await expect(status).toHaveText(/^Saved /);
    await publish(page, '/');
    await asha.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(asha.getByText(`Mango week ${stamp}`)).toBeVisible();

    await page.locator('[data-versions-open]').click();
    const versions = page.locator('[data-versions] [data-version]');
    await expect(versions.first()).toBeVisible();
    const numbers = (await versions.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-version'))))).sort((a, b) => b - a);
    expect(numbers.length).toBeGreaterThanOrEqual(2);
    const earlier = numbers[1]!;
    await page.getByRole('button', { name: `Restore version ${earlier}` }).click();
    await page.getByRole('dialog', { name: `Restore version ${earlier}?` }).getByRole('button', { name: `Restore version ${earlier}` }).click();
    await expect(page.locator('[data-editor-report]')).toHaveText(`Version ${earlier} is the draft now: publish it to make it live.`);
    await expect(page.getByText(`Mango week ${stamp}`)).toHaveCount(0);
    await publish(page, '/');
    await asha.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(asha.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Summer sale' })).toBeVisible();
    await expect(asha.getByText(`Mango week ${stamp}`)).toHaveCount(0);
    await shopper.close();

    // The shop as it was, for the other suites: the site's earlier settings, and no /summer-sale.
    expect((await apiCall(page, 'POST', `/site-settings/versions/${siteVersion}/restore`)).status).toBe(200);
    expect((await apiCall(page, 'POST', '/site-settings/publish', {})).status).toBe(200);
    await deletePageAt(page, PATH);
  }, SITE_TURN);
});
