import { expect, test, type Page } from '@playwright/test';
import { postToApi, registerWithApi } from './support/accounts';
import { cartReadyForCheckout, ordersOf } from './support/checkout';
import { awake } from './support/islands';

/** Each test registers its own shopper, on a phone no other test uses (one apart per browser size). */
const phone = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));

/** Signed up, a cart past the minimum order, an address saved (the address form is the account's): the data the page shows. */
async function readyInHindi(page: Page, base: number) {
  await registerWithApi(page, phone(base), 'Asha Verma');
  const total = await cartReadyForCheckout(page);
  const saved = await postToApi(page, '/addresses', { name: 'Asha Verma', phone: '9876512345', line1: '12, 4th Main, Indiranagar', pincode: '560001', city: 'Bengaluru', state: 'Karnataka', type: 'home' });
  expect(saved.status(), await saved.text()).toBe(201);
  const cart = await (await page.request.get('/s/api/cart')).json();
  const data: string[] = cart.items.flatMap((item: { name: string; pack: string }) => [item.name, item.pack]);
  return { total, data: [...data, 'Asha Verma', '9876512345', '12, 4th Main, Indiranagar', 'Bengaluru', 'Karnataka'] };
}

/** English words (three letters or more) in a text once the data (names, packs, the address) is taken out; UPI and the providers' brands stay as they are written. */
function englishWords(text: string, data: string[]): string[] {
  const rest = data.reduce((left, datum) => left.split(datum).join(' '), text);
  return (rest.match(/\b[A-Za-z]{3,}\b/g) ?? []).filter((word) => !['UPI', 'OTP', 'Razorpay', 'Stripe'].includes(word));
}

/** The page's own text, without the parts other parts of the shop own (the shell, the address form). */
const checkoutText = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('details, script, style, template, [hidden]').forEach((part) => part.remove());
    return copy.innerText;
  });

test('a shopper on /hi/ checks out with cash on delivery and reads every step in Hindi', async ({ page }) => {
  const { total, data } = await readyInHindi(page, 9000046300);
  await page.goto('/hi/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'चेकआउट' })).toBeVisible();
  await awake(page, '#place-order');
  await expect(page.getByRole('heading', { name: 'डिलीवरी का पता' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '560001 पर आपका ऑर्डर' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Asha Verma/ })).toBeChecked();
  // The window in Hindi: the day and month in Hindi, the part of the day before the time.
  await expect(page.locator('[data-delivery-window]').first()).toHaveText(/^\d{1,2} \p{Script=Devanagari}+ \d{4}, सुबह 7:00 – सुबह 11:00$/u);
  await expect(page.locator('[data-place-order-blocked]')).toHaveText('भुगतान का तरीका चुनें');
  expect(englishWords(await checkoutText(page), data)).toEqual([]);

  await page.getByRole('radio', { name: /कैश ऑन डिलीवरी/ }).check();
  await expect(page.locator('[data-place-order-blocked]')).toHaveCount(0);
  await page.getByLabel('डिलीवरी के लिए नोट (वैकल्पिक)').fill('घंटी दो बार बजाएँ');
  await page.getByRole('button', { name: /^ऑर्डर करें · ₹/ }).click();

  await expect(page).toHaveURL(/\/hi\/order\/success\/AF-\d{6}$/);
  await expect(page.getByRole('heading', { name: 'धन्यवाद! आपका ऑर्डर हो गया है।' })).toBeVisible();
  const ordernumber = (await page.locator('[data-ordernumber]').textContent())!;
  await expect(page.getByText(`कृपया ₹${total.toLocaleString('en-IN', { minimumFractionDigits: 2 })} तैयार रखें`)).toBeVisible();
  await expect(page.locator('[data-delivery-window]').first()).toHaveText(/सुबह 7:00 – सुबह 11:00$/);
  await expect(page.getByRole('link', { name: 'खरीदारी जारी रखें' })).toHaveAttribute('href', '/hi/products');
  expect(englishWords((await checkoutText(page)).replace(ordernumber, ' '), data)).toEqual([]);
  expect((await ordersOf(page)).data[0]).toMatchObject({ ordernumber, status: 'placed', payment_method: 'cod' });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Hindi form posts keep the language: a refusal in Hindi, then the order placed to the Hindi success page', async ({ page }) => {
    await readyInHindi(page, 9000046310);
    await page.goto('/hi/checkout');
    await expect(page.locator('form#place-order')).toHaveAttribute('action', '/hi/checkout/place');
    // No method chosen: back to the Hindi checkout, the refusal in Hindi.
    await page.getByRole('button', { name: /^ऑर्डर करें · ₹/ }).click();
    await expect(page).toHaveURL(/\/hi\/checkout\?/);
    await expect(page.locator('[data-flash]')).toHaveText('भुगतान का तरीका चुनें');
    await page.getByRole('radio', { name: /कैश ऑन डिलीवरी/ }).check();
    await page.getByRole('button', { name: /^ऑर्डर करें · ₹/ }).click();
    await expect(page).toHaveURL(/\/hi\/order\/success\/AF-\d{6}$/);
    await expect(page.getByRole('heading', { name: 'धन्यवाद! आपका ऑर्डर हो गया है।' })).toBeVisible();
  });
});
