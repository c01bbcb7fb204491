/**
 * The media library's API (docs/page-builder.md#media-library) on SQLite and PostgreSQL: uploads judged by their
 * bytes and resized to WebP widths on disk, refusals (a script or an SVG named .png, over 5 MB, a pixel bomb, alt
 * text), who may do what, anti-forgery on multipart, search, deleting refused while a page or a setting uses an
 * image, the files served immutable, and the S3 store against a local fake bucket.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES } from '../../src/contract/media-rules';
import { MediaItem, MediaList } from '../../src/contract/page-builder';
import { bodyLimitFor } from '../../src/lib/body-limits.mjs';
import type { MediaStorageConfig } from '../../src/server/config';
import { startFakeS3 } from './fake-s3';
import { openTestShop, pgUrl, signedIn, type TestShop, type Visitor } from './shop';

const MEERA = '9876500003';
const ASHA = '9876500001';
const VIEWER = '9876509901';
/** An administrator who keeps the catalogue only: lists and uploads products' images, nothing more. */
const CATALOGUE = '9876509902';

const png = (width: number, height: number, colour = '#e8a33d') => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
/** A JPEG with a camera's EXIF, GPS position included: none of it may reach the files served. */
const jpegWithGps = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f7d32' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Meera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' } })
    .toBuffer();

/**
 * A real pixel bomb: a valid PNG of `side` × `side` black pixels at one bit each (grey), whose rows of zeros deflate
 * to almost nothing, so a few tens of KB decode to side² pixels (400 megapixels, 1.2 GB as RGB, at 20000).
 */
function pixelBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // each row: filter 0, then zero bits
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function form(file: Blob | null, name: string, alt: string | null = 'Fresh mangoes in a basket'): FormData {
  const body = new FormData();
  if (file) body.set('file', file, name);
  if (alt !== null) body.set('alt', alt);
  return body;
}
const upload = (v: Visitor, body: FormData, init: { xsrf?: string | false; headers?: Record<string, string> } = {}) => v.request('/media', { method: 'POST', body, ...init });
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const fileOf = (url: string) => url.split('/').pop()!;

function describeMedia(name: string, suite: (ctx: () => { shop: TestShop; dir: string; meera: Visitor }) => void) {
  for (const backend of ['sqlite', 'postgres'] as const) {
    describe.skipIf(backend === 'postgres' && !pgUrl)(`${name} [${backend}]`, () => {
      let ctx: { shop: TestShop; dir: string; meera: Visitor } | undefined;
      let cleanup = async () => {};
      beforeAll(async () => {
        const dir = mkdtempSync(join(tmpdir(), 'storefront-media-'));
        const opened = await openTestShop(backend, { media: { kind: 'disk', dir, publicUrl: '' } });
        await opened.shop.deps.db.kysely
          .insertInto('users')
          .values([
            { name: 'Vimala Viewer', phone: VIEWER, email: `${VIEWER}@example.com`, has_admin_access: 1, permissions_json: JSON.stringify(['website_setting:view']), created_at: new Date().toISOString() },
            { name: 'Kamal Catalogue', phone: CATALOGUE, email: `${CATALOGUE}@example.com`, has_admin_access: 1, permissions_json: JSON.stringify(['catalogue:manage']), created_at: new Date().toISOString() },
          ])
          .execute();
        ctx = { shop: opened.shop, dir, meera: await signedIn(opened.shop, MEERA) };
        cleanup = async () => {
          await opened.cleanup();
          rmSync(dir, { recursive: true, force: true });
        };
      });
      afterAll(() => cleanup());
      suite(() => ctx!);
    });
  }
}

describeMedia('the media library API', (ctx) => {
  it('takes a PNG, JPEG and WebP by their bytes and writes WebP at each width, never wider, without EXIF or GPS', async () => {
    const { meera, dir, shop } = ctx();
    const wide = await upload(meera, form(new Blob([await png(1600, 900)], { type: 'image/png' }), 'summer-sale.png'));
    expect(wide.status).toBe(201);
    const item = MediaItem.parse(await wide.json());
    expect(item).toMatchObject({ widths: [480, 960, 1440, 1600], width: 1600, height: 900, filename: 'summer-sale.png', alt: 'Fresh mangoes in a basket', used_in: [] });
    expect(item.created_by?.name).toBe('Meera Iyer');
    expect(item.url).toMatch(/^\/media\/[a-f0-9]{24}-1600\.webp$/);
    expect(item.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['480w', '960w', '1440w', '1600w']);
    for (const [i, width] of item.widths.entries()) {
      const path = join(dir, fileOf(item.srcset.split(', ')[i]!.split(' ')[0]!));
      const meta = await sharp(path).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((900 * width) / 1600) });
    }

    const jpeg = await upload(meera, form(new Blob([await jpegWithGps(800, 600)]), 'photo.jpg', 'Spinach bunches'));
    expect(jpeg.status).toBe(201);
    const photo = MediaItem.parse(await jpeg.json());
    expect(photo.widths).toEqual([480, 800]);
    for (const file of [fileOf(photo.url), fileOf(photo.srcset.split(' ')[0]!)]) {
      const meta = await sharp(join(dir, file)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }

    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ffffff80' } }).webp().toBuffer();
    // Its declared type is wrong: the bytes decide.
    const webp = await upload(meera, form(new Blob([small], { type: 'text/plain' }), 'badge.txt', 'Offer badge'));
    expect(webp.status).toBe(201);
    expect(MediaItem.parse(await webp.json())).toMatchObject({ widths: [300], width: 300, height: 200 });
    const audit = await shop.deps.db.kysely.selectFrom('staff_audit').selectAll().where('action', '=', 'media.uploaded').execute();
    expect(audit).toHaveLength(3);
  });

  it('finds images by file name or alt text, newest first', async () => {
    const { meera } = ctx();
    const all = MediaList.parse(await (await meera.get('/media')).json()).data;
    expect(all.map((i) => i.filename)).toEqual(['badge.txt', 'photo.jpg', 'summer-sale.png']);
    expect(MediaList.parse(await (await meera.get('/media?q=MANGO')).json()).data.map((i) => i.filename)).toEqual(['summer-sale.png']);
    expect(MediaList.parse(await (await meera.get('/media?q=photo')).json()).data.map((i) => i.filename)).toEqual(['photo.jpg']);
    expect(MediaList.parse(await (await meera.get('/media?q=%25')).json()).data).toEqual([]);
    expect((await meera.get('/media?q=a%00b')).status).toBe(400);
  });

  it('refuses a script or an SVG named .png, an SVG, over 5 MB and a pixel bomb by their bytes, and keeps nothing', async () => {
    const { meera, dir, shop } = ctx();
    const before = filesIn(dir);
    const count = async () => (await shop.deps.db.kysely.selectFrom('media').select('id').execute()).length;
    const rows = await count();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    for (const [what, blob, name] of [
      ['a script named .png', new Blob(['#!/bin/sh\necho hello\n'], { type: 'image/png' }), 'mango.png'],
      ['an SVG', new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg'],
      ['an SVG named .png', new Blob([svg], { type: 'image/png' }), 'logo.png'],
      ['a GIF', new Blob([Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')], { type: 'image/gif' }), 'dot.gif'],
    ] as const) {
      const response = await upload(meera, form(blob, name));
      expect(response.status, what).toBe(415);
      expect(await response.json(), what).toMatchObject({ errors: { file: ['This file is not a JPEG, PNG or WebP image'] } });
    }

    // A PNG's first bytes and then 5 MB and one byte: refused by its size before it is looked at.
    const over = new Uint8Array(5 * 1024 * 1024 + 1);
    over.set(await png(10, 10));
    const big = await upload(meera, form(new Blob([over]), 'big.png'));
    expect(big.status).toBe(413);
    expect((await big.json()).errors.file).toEqual(['This file is too large: an image may be at most 5 MB']);
    // Well over: the body limit refuses it before the form is read, with the same field.
    const huge = await upload(meera, form(new Blob([new Uint8Array(7 * 1024 * 1024)]), 'huge.png'));
    expect(huge.status).toBe(413);
    expect((await huge.json()).errors.file).toEqual(['This file is too large: an image may be at most 5 MB']);

    // 20000 × 20000 of one colour: about 50 KB of PNG, 400 megapixels decoded.
    const bomb = pixelBomb(20_000);
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 20_000, height: 20_000 });
    const refused = await upload(meera, form(new Blob([new Uint8Array(bomb)]), 'bomb.png'));
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors.file).toEqual(['This image is 20000 × 20000 pixels: at most 40 megapixels may be uploaded']);

    const truncated = (await png(200, 200)).subarray(0, 60);
    const damaged = await upload(meera, form(new Blob([truncated]), 'cut.png'));
    expect(damaged.status).toBe(400);
    expect((await damaged.json()).errors.file).toEqual(['This PNG image cannot be read: it may be damaged']);

    const none = await upload(meera, form(null, ''));
    expect(none.status).toBe(400);
    expect((await none.json()).errors.file).toEqual(['Choose an image to upload']);
    expect(filesIn(dir)).toEqual(before);
    expect(await count()).toBe(rows);
  }, 60_000);

  it('keeps the text rule on alt text', async () => {
    const { meera, dir } = ctx();
    const before = filesIn(dir);
    const image = new Blob([await png(100, 100)]);
    for (const [alt, message] of [
      [null, 'Alt text is required'],
      ['   ', 'Alt text is required'],
      ['Mango\u0000', 'Alt text must not contain control characters'],
      ['Mango\u202e', 'Alt text must not contain text-direction controls'],
      ['x'.repeat(201), 'Alt text is too long (at most 200 characters)'],
    ] as const) {
      const response = await upload(meera, form(image, 'a.png', alt));
      expect(response.status, String(alt)).toBe(400);
      expect((await response.json()).errors.alt, String(alt)).toEqual([message]);
    }
    expect(filesIn(dir)).toEqual(before);
    const first = MediaItem.parse(await (await upload(meera, form(image, 'badge.png', 'Offer badge'))).json());
    const changed = await meera.request(`/media/${first!.id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ alt: '  A round offer badge ' }) });
    expect(changed.status).toBe(200);
    expect(MediaItem.parse(await changed.json()).alt).toBe('A round offer badge');
    const refused = await meera.request(`/media/${first!.id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ alt: 'a\u0007' }) });
    expect((await refused.json()).errors.alt).toEqual(['Alt text must not contain control characters']);
  });

  it('lets website_setting:view look, website_setting:edit change, catalogue:manage look and upload, and nobody else', async () => {
    const { shop, meera } = ctx();
    const image = async () => form(new Blob([await png(50, 50)]), 'a.png');
    const first = MediaItem.parse(await (await upload(meera, await image())).json());
    const stranger = await shop.visitor().start();
    expect((await stranger.get('/media')).status).toBe(401);
    expect((await upload(stranger, await image())).status).toBe(401);
    const asha = await signedIn(shop, ASHA);
    expect((await asha.get('/media')).status).toBe(403);
    expect((await upload(asha, await image())).status).toBe(403);
    expect((await asha.request(`/media/${first!.id}`, { method: 'DELETE' })).status).toBe(403);
    const viewer = await signedIn(shop, VIEWER);
    expect((await viewer.get('/media')).status).toBe(200);
    expect((await upload(viewer, await image())).status).toBe(403);
    expect((await viewer.request(`/media/${first!.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await viewer.request(`/media/${first!.id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"alt":"x"}' })).status).toBe(403);
    // Catalogue staff choose and upload products' images; alt text and deletion stay the page builder's.
    const catalogue = await signedIn(shop, CATALOGUE);
    expect((await catalogue.get('/media')).status).toBe(200);
    expect((await upload(catalogue, await image())).status).toBe(201);
    expect((await catalogue.request(`/media/${first!.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await catalogue.request(`/media/${first!.id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"alt":"x"}' })).status).toBe(403);
    // Multipart is no way around the anti-forgery check: no token, or another site's origin, is refused.
    expect((await upload(meera, await image(), { xsrf: false })).status).toBe(403);
    expect((await upload(meera, await image(), { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await upload(meera, await image(), { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await meera.request(`/media/${first!.id}`, { method: 'DELETE', xsrf: false })).status).toBe(403);
    expect((await meera.get('/media')).status).toBe(200);
  });

  it('refuses to delete an image a published page or a site setting uses, saying where, and deletes it after', async () => {
    const { shop, meera, dir } = ctx();
    const item = MediaItem.parse(await (await upload(meera, form(new Blob([await png(1200, 400)]), 'hero.png', 'Monsoon offers'))).json());
    const page = (slides: unknown[]) => ({ url: '/monsoon-media', title: 'Monsoon', components: [{ name: 'Hero', type: 'hero', data: { slides } }] });
    const published = await meera.post('/pages/publish', page([{ image: item.url, alt: 'Monsoon offers', link: '/products' }]));
    expect(published.status).toBe(200);
    const listed = MediaList.parse(await (await meera.get('/media?q=monsoon')).json()).data;
    expect(listed.map((i) => i.used_in)).toEqual([['/monsoon-media']]);

    const refused = await meera.request(`/media/${item.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'This image is used on /monsoon-media: take it out there first', used_in: ['/monsoon-media'] });
    for (const width of item.widths) expect(existsSync(join(dir, `${fileOf(item.url).split('-')[0]}-${width}.webp`))).toBe(true);

    // The logo and the popup are places too.
    const k = shop.deps.db.kysely;
    await k.updateTable('websites').set({ logo: item.srcset.split(' ')[0]! }).where('id', '=', 1).execute();
    await k.updateTable('website_settings').set({ popup_json: JSON.stringify({ image: item.url, link: '/offers' }) }).where('website_id', '=', 1).execute();
    await meera.post('/pages/publish', page([{ image: 'https://cdn.example/other.png', alt: 'Other' }]));
    const settings = await meera.request(`/media/${item.id}`, { method: 'DELETE' });
    expect(settings.status).toBe(409);
    expect((await settings.json()).used_in).toEqual(['Logo', 'Popup']);

    await k.updateTable('websites').set({ logo: null }).where('id', '=', 1).execute();
    await k.updateTable('website_settings').set({ popup_json: null }).where('website_id', '=', 1).execute();

    // A draft that was never published uses it too: a marketer's unpublished work keeps its images.
    const draft = await meera.post('/pages', { url: '/monsoon-draft', title: 'Monsoon draft' });
    expect(draft.status).toBe(201);
    const { id, version } = (await draft.json()) as { id: number; version: number };
    const saved = await meera.request(`/pages/${id}/draft`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version, document: { ...page([{ image: item.url, alt: 'Monsoon offers' }]), url: '/monsoon-draft', title: 'Monsoon draft' } }),
    });
    expect(saved.status).toBe(200);
    const inDraft = await meera.request(`/media/${item.id}`, { method: 'DELETE' });
    expect(inDraft.status).toBe(409);
    expect((await inDraft.json()).used_in).toEqual(['/monsoon-draft']);
    expect((await meera.request(`/pages/${id}`, { method: 'DELETE' })).status).toBe(200);

    // A product's image, a category's picture and a brand's logo chosen from the library in the back office.
    const product = await k.selectFrom('products').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    await k.insertInto('product_media').values({ product_id: product.id, src: item.srcset.split(' ')[0]!, position: 99 }).execute();
    await k.updateTable('brands').set({ logo: item.url }).where('id', '=', 1).execute();
    const brand = await k.selectFrom('brands').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    const catalogue = await meera.request(`/media/${item.id}`, { method: 'DELETE' });
    expect(catalogue.status).toBe(409);
    expect((await catalogue.json()).used_in).toEqual([`Product “${product.name}”`, `Brand “${brand.name}”`]);
    await k.deleteFrom('product_media').where('product_id', '=', product.id).where('src', 'like', `%${fileOf(item.url).split('-')[0]!}%`).execute();
    await k.updateTable('brands').set({ logo: null }).where('id', '=', 1).execute();

    const deleted = await meera.request(`/media/${item.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: 'Deleted hero.png' });
    expect(filesIn(dir).filter((f) => f.startsWith(fileOf(item.url).split('-')[0]!))).toEqual([]);
    expect((await meera.request(`/media/${item.id}`, { method: 'DELETE' })).status).toBe(404);
    const audit = await k.selectFrom('staff_audit').select(['action', 'user_id']).where('subject_kind', '=', 'media').where('subject_id', '=', item.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['media.uploaded', 'media.deleted']);
  });

  it('serves the files public, immutable and unsniffed, and nothing outside its folder', async () => {
    const { shop, meera } = ctx();
    const item = MediaItem.parse(await (await upload(meera, form(new Blob([await png(600, 300)]), 'served.png'))).json());
    const visitor = shop.visitor();
    const file = await visitor.get(`/media/files/${fileOf(item.url)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 600 });
    for (const bad of ['..%2F..%2Fpackage.json', '..%2Fshop.sqlite', `${fileOf(item.url).replace('.webp', '.png')}`]) expect((await visitor.get(`/media/files/${bad}`)).status, bad).toBe(400);
    expect((await visitor.get(`/media/files/${'0'.repeat(24)}-480.webp`)).status).toBe(404);
  });

  it("keeps each website's images to itself", async () => {
    const { meera, shop } = ctx();
    const item = MediaItem.parse(await (await upload(meera, form(new Blob([await png(60, 60)]), 'mine.png'))).json());
    const other = await shop.deps.db.kysely
      .insertInto('websites')
      .values({ name: 'Second shop', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await shop.deps.db.kysely.updateTable('media').set({ website_id: other.id }).where('id', '=', item.id).execute();
    expect(MediaList.parse(await (await meera.get('/media')).json()).data.map((i) => i.id)).not.toContain(item.id);
    expect((await meera.request(`/media/${item.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await meera.request(`/media/${item!.id + 1000}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe("the upload's request limit", () => {
  it('lets a 5 MB image and its form through at /s/api/media only, and no more', () => {
    expect(bodyLimitFor('/s/api/media')).toBeGreaterThan(MEDIA_MAX_BYTES);
    expect(bodyLimitFor('/s/api/media')).toBeLessThanOrEqual(MEDIA_MAX_BYTES + 64 * 1024);
    for (const other of ['/s/api/media/1', '/s/api/media/', '/s/api/MEDIA', '/media']) expect(bodyLimitFor(other), other).toBe(32 * 1024);
  });
});

describe('the media library in an S3-compatible bucket (a local fake on 127.0.0.1)', () => {
  let bucket: Awaited<ReturnType<typeof startFakeS3>>;
  let shop: TestShop;
  let cleanup = async () => {};
  const media = (endpoint: string, publicUrl: string): MediaStorageConfig => ({
    kind: 's3',
    bucket: 'shop-media',
    region: 'ap-south-1',
    endpoint,
    forcePathStyle: true,
    prefix: 'site',
    publicUrl,
    timeoutMs: 5000,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
  });
  beforeAll(async () => {
    bucket = await startFakeS3('shop-media');
    const opened = await openTestShop('sqlite', { media: media(bucket.endpoint, 'https://media.example.com/site') });
    shop = opened.shop;
    cleanup = opened.cleanup;
  });
  afterAll(async () => {
    await cleanup();
    await bucket.close();
  });

  it('puts every width in the bucket, answers its public address, serves it through the shop and deletes it', async () => {
    const meera = await signedIn(shop, MEERA);
    const response = await upload(meera, form(new Blob([await png(1000, 500)]), 'banner.png'));
    expect(response.status).toBe(201);
    const item = MediaItem.parse(await response.json());
    expect(item.url).toMatch(/^https:\/\/media\.example\.com\/site\/[a-f0-9]{24}-1000\.webp$/);
    const key = fileOf(item.url).split('-')[0]!;
    expect([...bucket.objects.keys()].sort()).toEqual([`site/${key}-1000.webp`, `site/${key}-480.webp`, `site/${key}-960.webp`]);
    const stored = bucket.objects.get(`site/${key}-960.webp`)!;
    expect(stored).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    expect(await sharp(stored.body).metadata()).toMatchObject({ format: 'webp', width: 960, height: 480 });

    const served = await shop.visitor().get(`/media/files/${key}-480.webp`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(480);
    expect((await shop.visitor().get(`/media/files/${'1'.repeat(24)}-480.webp`)).status).toBe(404);

    expect((await meera.request(`/media/${item.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(bucket.objects.size).toBe(0);
    expect(bucket.requests.filter((r) => r.startsWith('DELETE'))).toHaveLength(3);
  });
});
