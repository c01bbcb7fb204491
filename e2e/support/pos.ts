import { expect, type Browser, type Page } from '@playwright/test';
import { registerWithApi, signInThroughApi } from './accounts';
import { axeViolations } from './axe';
import { apiCall } from './back-office';

const ADMIN = '9876500003';
/** Arjun, the super administrator: gives the tests' cashiers their permission. */
const SUPER = '9876500004';

/** A valid EAN-13 no other run has: `prefix` (a spec's own two digits), 10 digits of the clock, the check digit. */
export function freshBarcode(prefix: string): string {
  const first = `${prefix}${String(Date.now()).slice(-10)}`;
  const sum = [...first].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${first}${(10 - (sum % 10)) % 10}`;
}

/** Serious and critical violations (the bar of the brief); the rest are printed to be seen. */
export async function seriousViolations(page: Page) {
  const all = await axeViolations(page);
  const minor = all.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length) console.log('axe (minor/moderate):', JSON.stringify(minor));
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Letters only after `prefix` (search words are letters): a word no product of the demo or of another run has, random
 * so that two runs' words are never one typo apart (the shop's search forgives typos).
 */
export const uniqueWord = (prefix: string) => `${prefix}${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/**
 * A cashier of the test's own, so the spec runs beside the other till specs: registered on `page` (a phone starting
 * with `firstDigit`), given pos_access:view only by Arjun, whose back-office page `admin` comes back for the rest of the
 * set-up; `close()` when done with it.
 */
export async function newCashier(page: Page, browser: Browser, name: string, firstDigit: string) {
  const phone = `${firstDigit}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  await registerWithApi(page, phone, name);
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInThroughApi(admin, SUPER);
  await admin.goto('/bos/admin');
  const id = ((await apiCall(admin, 'GET', `/bos/users?q=${phone}`)).body as { data: { id: number }[] }).data[0]!.id;
  expect((await apiCall(admin, 'PUT', `/bos/users/${id}`, { permissions: ['pos_access:view'] })).status).toBe(200);
  return { phone, admin, close: () => context.close() };
}

/** A counter (a warehouse in Bengaluru) of the test's own, named after `word`: its tills and best sellers are the test's alone. */
export async function newCounter(admin: Page, word: string): Promise<{ id: number; name: string }> {
  const made = await apiCall(admin, 'POST', '/bos/warehouses', { code: word.slice(-3).toUpperCase(), name: `Counter ${word}`, city: 'Bengaluru', pincode: '560001' });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body;
}

/** A product `name` of one pack (1 kg unless said) at ₹45, MRP ₹50, with `stock` (20) at the warehouse, and `barcode` if given; its id. */
export async function newProduct(admin: Page, name: string, warehouseId: number, { stock = 20, barcode, pack = '1 kg' }: { stock?: number; barcode?: string; pack?: string } = {}): Promise<number> {
  const options = (await apiCall(admin, 'GET', '/bos/products/options')).body;
  const created = await apiCall(admin, 'POST', '/bos/products', {
    name,
    category_id: options.categories[0].id,
    brand_id: options.brands[0].id,
    packs: [{ name: pack, price: 4500, mrp: 5000, max_per_order: 10, active: true, warehouse_id: warehouseId, opening_stock: stock, ...(barcode && { barcode }) }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/**
 * Meera makes a product `<name> <6 digits>` of one pack at ₹45 with a fresh barcode (`prefix` its first two digits)
 * and 20 in stock, in the first warehouse; `level()` reads that stock again.
 */
export async function freshPack(browser: Browser, name: string, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, ADMIN);
  await page.goto('/bos/admin');
  const warehouse = (await apiCall(page, 'GET', '/bos/products/options')).body.warehouses[0];
  const barcode = freshBarcode(prefix);
  const productId = await newProduct(page, `${name} ${barcode.slice(-6)}`, warehouse.id, { barcode });
  const level = async () => {
    const product = (await apiCall(page, 'GET', `/bos/products/${productId}`)).body;
    return product.packs[0].stock.find((s: { warehouse_id: number }) => s.warehouse_id === warehouse.id).level as number;
  };
  return { barcode, warehouse, level, close: () => context.close() };
}
