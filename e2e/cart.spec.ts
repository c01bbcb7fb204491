import { expect, test, type Page } from '@playwright/test';

const panel = (page: Page) => page.getByRole('dialog', { name: 'Cart Summary' });
const openCart = async (page: Page) => {
  await page.locator('[data-cart-button]').filter({ visible: true }).click();
  await expect(panel(page)).toBeVisible();
};

/**
 * Two stocked products from the Bengaluru warehouse (delivered to every serviceable pincode), each at least
 * ₹40 so the cart clears the ₹99 minimum order, and on the first page of the price-sorted listing.
 */
async function twoProducts(page: Page): Promise<string[]> {
  const body = await (await page.request.get('/s/api/products?perPage=24&s=price_desc')).json();
  return body.data
    .filter((p: { packs: { in_stock: boolean; warehouse_id: number; price: number }[] }) => p.packs[0]!.in_stock && p.packs[0]!.warehouse_id === 1 && p.packs[0]!.price >= 40)
    .slice(0, 2)
    .map((p: { product_name: string }) => p.product_name);
}

test('the cart panel: add two products, change quantities, remove one, coupons, pincode gating, a second tab', async ({ page, context }) => {
  const [first, second] = await twoProducts(page);
  await page.goto('/products?s=price_desc');
  await openCart(page);
  await expect(panel(page).getByText('Empty Cart')).toBeVisible();
  await expect(panel(page).getByText('Your cart is empty')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Close cart' }).click();

  for (const name of [first!, second!]) {
    await page.locator('[data-product-grid] article').filter({ has: page.getByRole('heading', { name, exact: true }) }).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText(name === first ? '1' : '2');
  }
  await openCart(page);
  const lines = panel(page).getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const firstLine = lines.filter({ hasText: first! });
  await firstLine.getByRole('button', { name: `Add one more ${first}` }).click();
  await expect(firstLine.locator('output')).toHaveText('2');
  await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('3');
  await panel(page).getByRole('listitem').filter({ hasText: second! }).getByRole('button', { name: `Remove ${second} from the cart` }).click();
  await expect(panel(page).getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);

  // Checkout waits for a pincode.
  await expect(panel(page).getByText('Delivery Pincode Required - Please select your delivery pincode to proceed to checkout')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Continue to Checkout' })).toBeDisabled();

  // Coupons: a refused one says why; a valid one discounts.
  await panel(page).getByLabel('Coupon code').fill('DIWALI100');
  await panel(page).getByRole('button', { name: 'Apply' }).click();
  await expect(panel(page).locator('[data-coupon-error]')).toHaveText('This coupon has expired');
  await panel(page).getByLabel('Coupon code').fill('namaste20');
  await panel(page).getByRole('button', { name: 'Apply' }).click();
  await expect(panel(page).locator('[data-applied-coupon]')).toHaveText('NAMASTE20');
  await expect(panel(page).getByText('Discount')).toBeVisible();
  await expect(panel(page).getByText('−₹20.00')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Remove coupon' }).click();
  await expect(panel(page).getByLabel('Coupon code')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Close cart' }).click();

  // A second tab shows the same cart, and follows changes made in the first without a reload.
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('2');
  await page.locator('[data-product-grid] article').filter({ has: page.getByRole('heading', { name: second!, exact: true }) }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(other.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('3');

  // Pincode: too short makes no call; an undelivered one shows the server's words; a delivered one reloads.
  await page.locator('[data-pincode-button]').filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Location' });
  await expect(dialog.getByText('Enter your pincode to check delivery time and availability.')).toBeVisible();
  let checks = 0;
  page.on('request', (r) => r.url().includes('/s/api/check/pincode/') && checks++);
  await dialog.getByLabel('Pincode').fill('5600');
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.locator('[data-pincode-error]')).toHaveText('Please enter a valid pincode');
  expect(checks).toBe(0);
  await dialog.getByLabel('Pincode').fill('799001');
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.locator('[data-pincode-error]')).toHaveText('Sorry, we do not deliver to 799001 (Agartala) yet');
  await dialog.getByLabel('Pincode').fill('560001');
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Check' }).click()]);
  await expect(page.locator('[data-pincode-button]').filter({ visible: true })).toContainText('560001');
  await openCart(page);
  await expect(panel(page).locator('[data-pincode-notice]')).toHaveCount(0);
  const checkout = panel(page).getByRole('link', { name: 'Continue to Checkout' });
  await expect(checkout).toHaveAttribute('href', '/checkout');
});

test('at the per-order limit + is disabled and a short note says so, on the card and in the cart panel @desktop', async ({ page }) => {
  // The demo's max_per_order: 5 of a pack over ₹500, else 10.
  const body = await (await page.request.get('/s/api/products?perPage=24&s=price_desc')).json();
  const product = body.data.find((p: { packs: { in_stock: boolean }[] }) => p.packs[0]!.in_stock);
  const name: string = product.product_name;
  const max = product.packs[0].price > 500 ? 5 : 10;
  await page.goto('/products?s=price_desc');
  const card = page.locator('[data-product-grid] article').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  for (let quantity = 2; quantity <= max; quantity++) {
    await card.getByRole('button', { name: `Add one more ${name}` }).click();
    await expect(card.locator('output')).toHaveText(String(quantity));
  }
  await expect(card.getByRole('button', { name: `Add one more ${name}` })).toBeDisabled();
  await expect(card.getByText(`Max ${max} per order`)).toBeVisible();
  await openCart(page);
  const line = panel(page).getByRole('listitem').filter({ hasText: name });
  await expect(line.getByRole('button', { name: `Add one more ${name}` })).toBeDisabled();
  await expect(line.getByText(`Max ${max} per order`)).toBeVisible();
  await line.getByRole('button', { name: `Remove one ${name}` }).click();
  await expect(line.locator('output')).toHaveText(String(max - 1));
  await expect(line.getByText(`Max ${max} per order`)).toHaveCount(0);
  await expect(line.getByRole('button', { name: `Add one more ${name}` })).toBeEnabled();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the cart panel’s forms post and come back: +, −, a coupon, the pincode, Remove', async ({ page }) => {
    const [first] = await twoProducts(page);
    await page.goto('/products?s=price_desc');
    await page.locator('[data-product-grid] article').filter({ has: page.getByRole('heading', { name: first!, exact: true }) }).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/products\?s=price_desc$/);
    await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');

    const line = () => panel(page).getByRole('listitem').filter({ hasText: first! });
    for (const [button, quantity] of [[`Add one more ${first}`, '2'], [`Add one more ${first}`, '3'], [`Remove one ${first}`, '2'], [`Add one more ${first}`, '3']] as const) {
      await openCart(page);
      await line().getByRole('button', { name: button }).click();
      await expect(page).toHaveURL(/\/products\?s=price_desc$/);
      await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText(quantity);
    }

    await openCart(page);
    await panel(page).getByLabel('Coupon code').fill('NAMASTE20');
    await panel(page).getByRole('button', { name: 'Apply' }).click();
    await openCart(page);
    await expect(panel(page).locator('[data-applied-coupon]')).toHaveText('NAMASTE20');
    await panel(page).getByRole('button', { name: 'Remove coupon' }).click();
    await openCart(page);
    await expect(panel(page).getByLabel('Coupon code')).toBeVisible();

    await panel(page).getByRole('button', { name: 'Select pincode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Location' });
    await dialog.getByLabel('Pincode').fill('560001');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect(page.locator('[data-pincode-button]').filter({ visible: true })).toContainText('560001');
    await openCart(page);
    await expect(panel(page).getByRole('link', { name: 'Continue to Checkout' })).toHaveAttribute('href', '/checkout');

    await line().getByRole('button', { name: `Remove ${first} from the cart` }).click();
    await openCart(page);
    await expect(panel(page).getByText('Empty Cart')).toBeVisible();
  });
});
