import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { apiCall } from './support/back-office';
import { awake } from './support/islands';
import { newProduct } from './support/pos';

/**
 * The till's camera (docs/pos-client.md#camera) in Chromium's fake camera. The fake camera shows a test pattern,
 * so the browser's BarcodeDetector is stood in for by one that reads a known pack's barcode: the pack lands on the
 * ticket once however long it stays in view, the camera stops when the dialog closes, and axe finds nothing
 * serious in the open dialog. A refused camera is said in the dialog and on the button. Without a BarcodeDetector
 * (as in desktop Chromium on Linux) ZXing is loaded only once the camera is opened, and reads an EAN-13 that the
 * fake camera plays from a file this spec draws.
 */

const STAFF = '9876500004'; // Arjun, super administrator: a till of his own, apart from e2e/pos.spec.ts's

/** A valid EAN-13: `first12` then its check digit. */
function ean13(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** A barcode no other run has: a prefix of the shop's own codes (2…), 7 digits of the clock, 3 of this process. */
const freshBarcode = (prefix: '27' | '28') => ean13(`${prefix}${String(Date.now()).slice(-7)}${String(process.pid % 1000).padStart(3, '0')}`);

/** The EAN-13 drawn on the fake camera's video, fixed for this worker (the browser is launched with its file). */
const FILMED = freshBarcode('28');

/**
 * A Y4M video (what Chromium's fake camera plays from a file) of FILMED as black bars on white, 640 × 480: the
 * standard's module pattern (start, six left digits in the parity the first digit sets, centre, six right digits,
 * end), 5 pixels a module, with the quiet zones.
 */
function barcodeVideo(code: string): string {
  const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
  const R = L.map((bits) => [...bits].map((b) => (b === '1' ? '0' : '1')).join(''));
  const G = R.map((bits) => [...bits].reverse().join(''));
  const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  const left = digits.slice(1, 7).map((d, i) => (parity[i] === 'L' ? L[d]! : G[d]!)).join('');
  const right = digits.slice(7).map((d) => R[d]!).join('');
  const modules = `101${left}01010${right}101`;
  const [width, height, scale] = [640, 480, 5];
  const x0 = Math.floor((width - modules.length * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 80; y < height - 80; y++) {
    for (let m = 0; m < modules.length; m++) if (modules[m] === '1') luma.fill(16, y * width + x0 + m * scale, y * width + x0 + (m + 1) * scale);
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const dir = join(tmpdir(), 'storefront-e2e-camera');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `ean-${process.pid}.y4m`);
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
  return path;
}

test.use({
  viewport: { width: 1024, height: 768 },
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROME_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${barcodeVideo(FILMED)}`,
    ],
  },
});

/** Arjun makes a product of one pack at ₹45 with `barcode`, 20 in stock, in the first warehouse. */
async function packWith(browser: Browser, barcode: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, STAFF);
  await page.goto('/bos/admin');
  const warehouse = (await apiCall(page, 'GET', '/bos/products/options')).body.warehouses[0];
  const name = `Camera Test Besan ${barcode.slice(-6)}`;
  await newProduct(page, name, warehouse.id, { barcode, pack: '500 g' });
  await context.close();
  return { name, warehouse: warehouse as { id: number; name: string } };
}

/**
 * Signed in at /pos with a till open: at `warehouse` when one is named (a till left open there is resumed, one
 * elsewhere closed), else the till left open or one at the first counter.
 */
async function tillAt(page: Page, warehouse?: string) {
  await signInThroughApi(page, STAFF);
  await page.goto('/pos');
  await awake(page, '[data-pos-screen]');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/Open a till|Till \d+/);
  const text = (await heading.textContent()) ?? '';
  const elsewhere = warehouse !== undefined && !text.endsWith(`· ${warehouse}`);
  if (text.startsWith('Till') && elsewhere) {
    await page.getByRole('button', { name: 'Close till' }).click();
    await page.getByLabel('Counted cash (₹)').fill('0');
    await page.getByRole('button', { name: 'Close till and show the Z-report' }).click();
    await page.getByRole('button', { name: 'Open another till' }).click();
  }
  if (!text.startsWith('Till') || elsewhere) {
    if (warehouse) await page.getByRole('radio', { name: new RegExp(warehouse) }).check();
    await page.getByRole('button', { name: 'Open till' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Till \\d+ · ${warehouse ?? ''}`) })).toBeVisible();
  // The catalogue is on the device once the quick picks show.
  await expect(page.locator('[data-pos-picks] li').first()).toBeVisible();
}

/** The URLs of the scripts the page has asked for so far. */
function scriptsAsked(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(request.url());
  });
  return asked;
}

async function seriousViolations(page: Page) {
  const all = await axeViolations(page);
  const minor = all.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length) console.log('axe (minor/moderate):', JSON.stringify(minor));
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

test.describe("the till's camera @desktop", () => {
  // One till for the three: in order, in one worker.
  test.describe.configure({ mode: 'default', timeout: 120_000 });

  test('a pack read by the camera lands on the ticket once; closing the dialog stops the camera', async ({ page, browser }) => {
    const barcode = freshBarcode('27');
    const pack = await packWith(browser, barcode);
    // The stand-in BarcodeDetector reads the pack's barcode in every frame; getUserMedia's streams are kept to look at.
    await page.addInitScript((code) => {
      const w = window as unknown as Record<string, unknown> & { __camera: { detects: number; unwatched: number; streams: MediaStream[]; constraints?: MediaStreamConstraints; formats?: string[] } };
      w.__camera = { detects: 0, unwatched: 0, streams: [] };
      w.BarcodeDetector = class {
        static async getSupportedFormats() {
          return ['aztec', 'code_128', 'ean_13', 'ean_8', 'qr_code', 'upc_a', 'upc_e'];
        }
        constructor(options: { formats: string[] }) {
          w.__camera.formats = options.formats;
        }
        async detect(source: HTMLVideoElement) {
          w.__camera.detects += 1;
          // A look at a video the camera let go of: a loop left running after its dialog closed.
          if (!source.srcObject) w.__camera.unwatched += 1;
          return source.readyState >= 2 ? [{ rawValue: code, format: 'ean_13', boundingBox: new DOMRect(), cornerPoints: [] }] : [];
        }
      };
      const media = navigator.mediaDevices;
      const original = media.getUserMedia.bind(media);
      media.getUserMedia = async (constraints) => {
        const stream = await original(constraints);
        w.__camera.constraints = constraints;
        w.__camera.streams.push(stream);
        return stream;
      };
    }, barcode);
    const scripts = scriptsAsked(page);
    await tillAt(page, pack.warehouse.name);
    await expect(page.locator('[data-pos-line]')).toHaveCount(0);

    const button = page.getByRole('button', { name: 'Camera', exact: true });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Scan with the camera' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-decoder', 'native');
    await expect(page.locator('[data-pos-line]')).toHaveCount(1);
    await expect(page.locator('[data-pos-line]')).toContainText(pack.name);
    await expect(dialog.getByRole('status')).toHaveText(`Added ${pack.name} 500 g.`);
    await expect(dialog.locator('[data-pos-camera-read]')).toHaveAttribute('data-pos-camera-read', '1:added');
    const asked = await page.evaluate(() => (window as unknown as { __camera: { constraints: MediaStreamConstraints; formats: string[] } }).__camera);
    expect(asked.constraints).toMatchObject({ audio: false, video: { facingMode: { ideal: 'environment' } } });
    expect(asked.formats).toEqual(['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128']);
    // Held in view for 20 more looks (2 s and more): still one line of one.
    const detects = () => page.evaluate(() => (window as unknown as { __camera: { detects: number } }).__camera.detects);
    const seen = await detects();
    await expect.poll(detects, { timeout: 15_000 }).toBeGreaterThan(seen + 20);
    await expect(page.locator('[data-pos-line]')).toHaveCount(1);
    await expect(page.getByLabel(/^Quantity of /)).toHaveValue('1');
    await expect(page.locator('[data-pos-total]')).toHaveText('₹45.00');

    mkdirSync('test-results/pos', { recursive: true });
    await page.screenshot({ path: 'test-results/pos/camera-1024.png', scale: 'css' });
    expect(await seriousViolations(page)).toEqual([]);

    // Closed by its button: every track of the camera ended, the video let go, no more looks.
    await dialog.getByRole('button', { name: 'Close camera' }).click();
    await expect(dialog).toBeHidden();
    const stopped = () =>
      page.evaluate(() => {
        const { streams } = (window as unknown as { __camera: { streams: MediaStream[] } }).__camera;
        const video = document.querySelector<HTMLVideoElement>('dialog video');
        return { streams: streams.length, live: streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState !== 'ended').length, shown: !!video?.srcObject };
      });
    await expect.poll(stopped).toEqual({ streams: 1, live: 0, shown: false });
    const after = await detects();
    await expect(button).toBeFocused();

    // Opened again and closed with Escape: the second stream stops too.
    await button.click();
    await expect(dialog).toHaveAttribute('data-pos-camera', 'scanning');
    await expect.poll(detects).toBeGreaterThan(after);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(stopped).toEqual({ streams: 2, live: 0, shown: false });
    // Over both openings and the looks of the second, no look at a video let go: no loop outlived its dialog.
    expect(await page.evaluate(() => (window as unknown as { __camera: { unwatched: number } }).__camera.unwatched)).toBe(0);

    // The browser's detector did the reading: ZXing was never fetched.
    expect(scripts.filter((url) => /camera-zxing/.test(url))).toEqual([]);
  });

  test('a refused camera is said in the dialog and on the button', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await tillAt(page);
    await page.getByRole('button', { name: 'Camera', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan with the camera' });
    await expect(dialog.getByRole('alert')).toContainText('The camera was refused');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close camera' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Camera refused' })).toBeVisible();
    await expect(page.locator('[data-pos-line]')).toHaveCount(0);
  });

  test('without BarcodeDetector, ZXing is fetched only when the camera opens, and reads the EAN-13 it films', async ({ page, browser }) => {
    const pack = await packWith(browser, FILMED);
    await page.addInitScript(() => {
      delete (window as unknown as { BarcodeDetector?: unknown }).BarcodeDetector;
      // ZXing looks at a frame by drawing the video on a canvas: each drawing of a video is one look.
      const w = window as unknown as { __looks: number };
      w.__looks = 0;
      const draw = CanvasRenderingContext2D.prototype.drawImage;
      CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
        if (args[0] instanceof HTMLVideoElement) w.__looks += 1;
        return (draw as (...a: unknown[]) => void).apply(this, args);
      } as typeof draw;
    });
    const scripts = scriptsAsked(page);
    await tillAt(page, pack.warehouse.name);
    expect(scripts.filter((url) => /camera-zxing/.test(url))).toEqual([]);
    await page.getByRole('button', { name: 'Camera', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan with the camera' });
    await expect(dialog).toHaveAttribute('data-decoder', 'zxing');
    expect(scripts.filter((url) => /camera-zxing/.test(url))).toHaveLength(1);
    await expect(page.locator('[data-pos-line]').filter({ hasText: pack.name })).toHaveCount(1, { timeout: 15_000 });
    await expect(dialog.locator('[data-pos-camera-read]')).toHaveAttribute('data-pos-camera-read', '1:added');
    // More than ten looks at the same bars: still one of it.
    const looks = () => page.evaluate(() => (window as unknown as { __looks: number }).__looks);
    const seen = await looks();
    await expect.poll(looks, { timeout: 15_000 }).toBeGreaterThan(seen + 10);
    await expect(page.locator('[data-pos-line]').filter({ hasText: pack.name }).getByLabel(/^Quantity of /)).toHaveValue('1');
    await dialog.getByRole('button', { name: 'Close camera' }).click();
    await expect(dialog).toBeHidden();
  });
});
