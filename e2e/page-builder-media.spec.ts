import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { axeViolations } from './support/axe';

/** The seeded administrator, Meera Iyer: website_setting:view and website_setting:edit. */
const MEERA = '9876500003';

test.describe('the page builder media library at 1280 px @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 180_000 });

  test('Meera uploads an image with its alt text, finds it by search and sees it in the grid', async ({ page }) => {
    const stamp = String(Date.now()).slice(-7);
    const image = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#f2a93b' } })
      .composite([{ input: Buffer.from(`<svg width="1600" height="900"><circle cx="800" cy="450" r="300" fill="#2f7d32"/></svg>`) }])
      .png()
      .toBuffer();

    await page.goto('/page-builder/media');
    await signIn(page, MEERA, { from: '' });
    await expect(page).toHaveURL(/\/page-builder\/media$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    await expect(page).toHaveTitle(/^Media · Page builder/);

    const upload = page.locator('[data-media-upload]');
    const submit = upload.getByRole('button', { name: 'Upload' });
    await expect(page.getByLabel('Search images')).toBeEnabled(); // hydrated
    // Nothing chosen: said at the field, nothing sent.
    await submit.click();
    await expect(upload.locator('[data-media-error="file"]')).toHaveText('Choose an image to upload');

    await upload.locator('[data-media-file]').setInputFiles({ name: `mango-crate-${stamp}.png`, mimeType: 'image/png', buffer: image });
    await expect(upload).toContainText(`mango-crate-${stamp}.png`);
    const alt = upload.getByLabel('Alt text');
    await expect(alt).toHaveValue(`mango crate ${stamp}`);
    await alt.fill(`Alphonso mangoes in a crate ${stamp}`);
    await submit.click();
    await expect(page.locator('[data-media-report]')).toHaveText(`Uploaded mango-crate-${stamp}.png`);

    const grid = page.getByRole('list', { name: 'Images: choose one to see its details' });
    const tile = grid.getByRole('button', { name: `Alphonso mangoes in a crate ${stamp}` });
    await expect(tile).toBeVisible();
    await expect(tile).toHaveAttribute('aria-pressed', 'true');
    const details = page.locator('[data-media-details]');
    await expect(details).toContainText('1600 × 900 px');
    await expect(details).toContainText('480 px, 960 px, 1440 px, 1600 px (WebP)');
    await expect(details.locator('[data-media-used]')).toHaveText('Not used anywhere');
    // The files are served, immutable.
    const src = await tile.locator('img').getAttribute('src');
    const file = await page.request.get(src!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/webp');
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    // Found by its alt text; another word finds nothing.
    const search = page.getByLabel('Search images');
    await search.fill(`crate ${stamp}`);
    await expect(page).toHaveURL(new RegExp(`q=crate\\+${stamp}|q=crate%20${stamp}`));
    await expect(grid.getByRole('button')).toHaveCount(1);
    await expect(grid.getByRole('button', { name: `Alphonso mangoes in a crate ${stamp}` })).toBeVisible();
    await search.fill(`no-such-image-${stamp}`);
    await expect(page.locator('[data-media-empty]')).toHaveText(`No image matches "no-such-image-${stamp}".`);
    await search.fill(`mango-crate-${stamp}`);
    await expect(grid.getByRole('button')).toHaveCount(1);
    await expect(tile.locator('img')).toHaveJSProperty('complete', true);

    await page.screenshot({ path: 'test-results/page-builder-media-1280.png', fullPage: true });
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious).toEqual([]);

    // Deleting asks first, then the image leaves the grid.
    await details.locator('[data-media-delete]').click();
    const dialog = page.getByRole('dialog', { name: 'Delete this image?' });
    await expect(dialog).toContainText(`mango-crate-${stamp}.png and all its sizes will be deleted`);
    await dialog.getByRole('button', { name: 'Delete image' }).click();
    await expect(page.locator('[data-media-report]')).toHaveText(`Deleted mango-crate-${stamp}.png`);
    await expect(page.locator('[data-media-empty]')).toBeVisible();
    expect((await page.request.get(src!)).status()).toBe(404);
  });
});
