import { expect, type Browser, type Page } from '@playwright/test';
import { signInThroughApi } from './accounts';
import { axeViolations } from './axe';
import { apiCall } from './back-office';

const ADMIN = '9876500003';

/** A valid EAN-13 no other run has: `prefix` (a spec's own two digits), 10 digits of the clock, the check digit. */
function freshBarcode(prefix: string): string {
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
 * Meera makes a product `<name> <6 digits>` of one pack at ₹45 with a fresh barcode (`prefix` its first two digits)
 * and 20 in stock, in the first warehouse; `level()` reads that stock again.
 */
export async function freshPack(browser: Browser, name: string, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, ADMIN);
  await page.goto('/bos/admin');
  const options = (await apiCall(page, 'GET', '/bos/products/options')).body;
  const warehouse = options.warehouses[0];
  const barcode = freshBarcode(prefix);
  const created = await apiCall(page, 'POST', '/bos/products', {
    name: `${name} ${barcode.slice(-6)}`,
    category_id: options.categories[0].id,
    brand_id: options.brands[0].id,
    packs: [{ name: '1 kg', price: 4500, mrp: 5000, max_per_order: 10, active: true, warehouse_id: warehouse.id, opening_stock: 20, barcode }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const productId: number = created.body.id;
  const level = async () => {
    const product = (await apiCall(page, 'GET', `/bos/products/${productId}`)).body;
    return product.packs[0].stock.find((s: { warehouse_id: number }) => s.warehouse_id === warehouse.id).level as number;
  };
  return { barcode, warehouse, level, close: () => context.close() };
}
