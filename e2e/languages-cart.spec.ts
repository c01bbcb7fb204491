import { expect, test, type Page } from '@playwright/test';

/** The cart in Hindi on /hi/ pages (docs/languages.md#islands): the islands draw the words their parents pass. */
const panel = (page: Page) => page.getByRole('dialog', { name: 'कार्ट सारांश' });

/**
 * A stocked product on the first page of the price-sorted listing, named as the Hindi page names it (its Hindi name
 * where the shop gives one), and its per-order limit (the demo's: 5 over ₹500, else 10).
 */
async function firstProduct(page: Page): Promise<{ name: string; max: number }> {
  const body = await (await page.request.get('/s/api/products?perPage=24&s=price_desc', { headers: { 'accept-language': 'hi-IN' } })).json();
  const product = body.data.find((p: { packs: { in_stock: boolean; warehouse_id: number }[] }) => p.packs[0]!.in_stock && p.packs[0]!.warehouse_id === 1);
  return { name: product.product_name, max: product.packs[0].price > 500 ? 5 : 10 };
}

const card = (page: Page, name: string) => page.locator('[data-product-grid] article').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('on /hi/products a shopper adds a product and reads the stepper, the badge and the cart panel in Hindi', async ({ page }) => {
  const { name } = await firstProduct(page);
  await page.goto('/hi/products?s=price_desc');
  const product = card(page, name);
  await expect(product.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await product.getByRole('button', { name: 'कार्ट में डालें' }).click();
  await expect(product.getByRole('group', { name: `${name} की मात्रा` })).toBeVisible();
  await expect(product.locator('output')).toHaveText('1');
  await expect(product.getByRole('button', { name: `एक और ${name} डालें` })).toBeVisible();
  await expect(product.getByRole('button', { name: `एक ${name} कम करें` })).toBeVisible();
  const cartButton = page.locator('[data-cart-button]').filter({ visible: true });
  await expect(cartButton.locator('[data-cart-badge]')).toHaveText('1');
  await expect(cartButton).toHaveAttribute('aria-label', 'कार्ट, 1 सामान');

  await cartButton.click();
  const cart = panel(page);
  await expect(cart).toBeVisible();
  await expect(cart.getByRole('heading', { name: 'कार्ट सारांश' })).toBeVisible();
  await expect(cart.getByRole('button', { name: 'कार्ट बंद करें' })).toBeVisible();
  await expect(cart.getByRole('list', { name: 'आपके कार्ट का सामान' })).toContainText(name);
  await expect(cart.getByRole('button', { name: `${name} को कार्ट से हटाएँ` })).toHaveText('हटाएँ');
  await expect(cart.getByText('सामान का कुल')).toBeVisible();
  await expect(cart.getByText('कुल राशि')).toBeVisible();
  await expect(cart.getByText('डिलीवरी पिनकोड ज़रूरी है')).toBeVisible();
  await expect(cart.getByRole('button', { name: 'पिनकोड चुनें' })).toBeVisible();
  await expect(cart.getByRole('button', { name: 'चेकआउट करें' })).toBeDisabled();
  const coupon = cart.getByLabel('कूपन कोड');
  await expect(coupon).toHaveAttribute('placeholder', 'कूपन कोड');
  await cart.getByRole('button', { name: 'कूपन लगाएँ' }).click();
  await expect(cart.locator('[data-coupon-error]')).toHaveText('कृपया कूपन कोड डालें');
  await expect(cart.getByRole('link', { name })).toHaveAttribute('href', /^\/hi\/products\//);
  const text = await cart.innerText();
  for (const english of ['Cart Summary', 'Items Total', 'Continue to Checkout', 'Coupon code', 'Apply', 'Remove', 'Delivery Pincode Required', 'Select pincode', 'Choose a delivery pincode']) {
    expect(text, english).not.toContain(english);
  }
  expect(await cart.getByRole('button', { name: 'Close cart' }).count()).toBe(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Add to Cart from a Hindi page comes back to it in Hindi, and a refusal comes back as a message on it @desktop', async ({ page }) => {
    const { name, max } = await firstProduct(page);
    await page.goto('/hi/products?s=price_desc');
    await card(page, name).getByRole('button', { name: 'कार्ट में डालें' }).click();
    await expect(page).toHaveURL(/\/hi\/products\?s=price_desc$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
    for (let quantity = 2; quantity <= max; quantity++) {
      await card(page, name).getByRole('button', { name: `एक और ${name} डालें` }).click();
      await expect(card(page, name).locator('output')).toHaveText(String(quantity));
    }
    await expect(card(page, name).getByText(`एक ऑर्डर में अधिकतम ${max}`)).toBeVisible();
    // One more than an order may hold (+ is aria-disabled, yet a plain form still posts): the shop refuses, and
    // says so on the Hindi page it came from (the API's words, asked in Hindi).
    await card(page, name).getByRole('button', { name: `एक और ${name} डालें` }).click({ force: true });
    await expect(page).toHaveURL(/\/hi\/products\?s=price_desc$/);
    await expect(page.locator('[data-flash]')).toBeVisible();
    await expect(page.locator('[data-flash]')).toContainText(String(max));
    await expect(card(page, name).locator('output')).toHaveText(String(max));
  });

  test('a forged post from a Hindi page is refused with a page in Hindi that leads back to it @desktop', async ({ page, baseURL }) => {
    const answer = await page.request.post('/cart/add', { form: { xsrf: 'forged', return: '/hi/products', pack: '1:1' }, headers: { origin: new URL(baseURL!).origin }, maxRedirects: 0 });
    expect(answer.status()).toBe(403);
    const html = await answer.text();
    expect(html).toContain('<html lang="hi-IN">');
    expect(html).toContain('<h1>कुछ नहीं बदला</h1>');
    expect(html).toContain('<a href="/hi/products">वापस जाएँ और दोबारा कोशिश करें</a>');
    expect(html).not.toContain('Nothing was changed');
  });
});
