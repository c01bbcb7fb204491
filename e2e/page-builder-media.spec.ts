import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { axeViolations } from './support/axe';

/** The seeded administrator, Meera Iyer: website_setting:view and website_setting:edit. */
const MEERA = '9876500003';

/** A simple picture for the library: a coloured field with a few shapes (no text: the machine may have no fonts). */
const picture = (width: number, height: number, background: string, shapes: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}">${shapes}</svg>`) }])
    .png()
    .toBuffer();

/** Uploads an image through the API as the signed-in page (the screen's own upload is what the test drives). */
async function uploadThroughApi(page: Page, name: string, alt: string, bytes: Buffer): Promise<number> {
  return page.evaluate(
    async ([n, a, b64]) => {
      const body = new FormData();
      body.set('file', new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }), n);
      body.set('alt', a);
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const r = await fetch('/s/api/media', { method: 'POST', body, headers: { 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf } });
      return ((await r.json()) as { id: number }).id;
    },
    [name, alt, bytes.toString('base64')] as const,
  );
}

const deleteThroughApi = (page: Page, id: number) =>
  page.evaluate(async (i) => {
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
    return (await fetch(`/s/api/media/${i}`, { method: 'DELETE', headers: { 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf } })).status;
  }, id);

test.describe('the page builder media library at 1280 px @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 180_000 });

  test('Meera uploads an image with its alt text, finds it by search and sees it in the grid', async ({ page }) => {
    const stamp = String(Date.now()).slice(-7);
    const image = await picture(1600, 900, '#f2a93b', '<circle cx="560" cy="470" r="260" fill="#f7c548"/><circle cx="1000" cy="420" r="230" fill="#e98a2b"/><path d="M560 210 q60 -90 150 -60" stroke="#2f7d32" stroke-width="28" fill="none"/>');

    await page.goto('/page-builder/media');
    await signIn(page, MEERA, { from: '' });
    await expect(page).toHaveURL(/\/page-builder\/media$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    await expect(page).toHaveTitle(/^Media · Page builder/);
    // Other images already there, as in a shop that has used the library for a while.
    const others = [
      await uploadThroughApi(page, 'monsoon-banner.png', 'Rain clouds over a green field', await picture(1920, 640, '#5b8fb9', '<ellipse cx="500" cy="220" rx="320" ry="120" fill="#dfe8ef"/><ellipse cx="1300" cy="260" rx="380" ry="140" fill="#c9d6e2"/><rect y="470" width="1920" height="170" fill="#3f8f45"/>')),
      await uploadThroughApi(page, 'diwali-sweets.png', 'A plate of laddoos', await picture(1200, 1200, '#7a1f3d', '<circle cx="600" cy="640" r="420" fill="#f1e3c6"/><circle cx="470" cy="560" r="130" fill="#f0a224"/><circle cx="730" cy="560" r="130" fill="#f0a224"/><circle cx="600" cy="760" r="130" fill="#e8921c"/>')),
      await uploadThroughApi(page, 'logo-square.png', 'Annapurna Fresh leaf logo', await picture(512, 512, '#ffffff', '<path d="M256 80 C 420 160 420 360 256 440 C 92 360 92 160 256 80 Z" fill="#1f7a3a"/><path d="M256 120 L256 420" stroke="#ffffff" stroke-width="14"/>')),
    ];
    await page.reload();

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
    await expect(tile.locator('img')).toHaveJSProperty('complete', true);
    await expect(details.locator('img')).toHaveJSProperty('complete', true);
    await page.screenshot({ path: 'docs/images/page-builder-media-1280.png' });
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
    for (const id of others) expect(await deleteThroughApi(page, id)).toBe(200);
  });
});
