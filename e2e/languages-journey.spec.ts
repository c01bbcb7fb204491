import { expect, test, type Page } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { placeOrdersThroughApi } from './support/checkout';
import { englishWordsOn } from './support/english-words';
import { awake } from './support/islands';

/**
 * A shopper's whole visit in Hindi at phone size (docs/languages.md): the switch on the English home page, a
 * search in Hindi words, a product added, the delivery pincode, checkout with a new address and cash on delivery,
 * the success page, the payment result of an online order left unpaid, every account page, and the next visit
 * to `/` opening in Hindi. On every page: no word of the shop's English catalogue outside data
 * (e2e/support/english-words.ts) and no axe violation. The visitor's pages are walked by languages-words.spec.ts.
 */
async function hindiThroughout(page: Page, what: string) {
  await expect(page.locator('html'), what).toHaveAttribute('lang', 'hi-IN');
  expect.soft(await englishWordsOn(page), `English words on ${what}`).toEqual([]);
  expect.soft(await axeViolations(page), `axe on ${what}`).toEqual([]);
}

test.describe('a shopper’s visit in Hindi @phone', () => {
  test('switch on the home page, search चावल, add it, check out with cash on delivery, read every signed-in page in Hindi, come back in Hindi', async ({ page, context }) => {
    test.setTimeout(240_000);
    // A range no other spec registers in (languages-sent takes 9000047100 and 9000047300).
    await registerWithApi(page, String(9000049000 + (Date.now() % 90) * 10), 'Asha Verma');

    // The English home page; the switch in the phone's menu.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#side-menu').getByRole('link', { name: 'हिन्दी' }).click();
    await expect(page).toHaveURL(/\/hi$/);
    await hindiThroughout(page, 'the home page');

    // A search in Hindi words: rice, named in Hindi.
    const box = page.getByRole('combobox', { name: 'उत्पाद खोजें' }).filter({ visible: true });
    await box.tap();
    await box.fill('चावल');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/hi\/products\?q=%E0%A4%9A%E0%A4%BE%E0%A4%B5%E0%A4%B2$/);
    const first = page.locator('[data-product-grid] article').filter({ hasText: 'चावल' }).filter({ has: page.locator('[data-add-to-cart] button.cart-add') }).first();
    const name = (await first.locator('h3').innerText()).trim();
    expect(name).toContain('चावल');
    const rice = page.locator('[data-product-grid] article').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await hindiThroughout(page, 'the search results');

    await rice.locator('[data-add-to-cart] button.cart-add').tap();
    await expect(rice.locator('[data-add-to-cart] output')).toHaveText('1');

    // The cart panel asks for a pincode first; the pincode dialog checks 560001 and hands back to the panel.
    await page.locator('[data-cart-button]').filter({ visible: true }).tap();
    const cart = page.getByRole('dialog', { name: 'कार्ट सारांश' });
    await expect(cart.getByRole('list', { name: 'आपके कार्ट का सामान' })).toContainText(name);
    await hindiThroughout(page, 'the cart panel without a pincode');
    await cart.getByRole('button', { name: 'पिनकोड चुनें' }).tap();
    const where = page.getByRole('dialog', { name: 'डिलीवरी की जगह बदलें' });
    await where.getByLabel('पिनकोड').fill('560001');
    await where.getByRole('button', { name: 'जाँचें' }).tap();
    await expect(where).toBeHidden();

    // Below the zone's minimum order the panel says how much more, in Hindi; more of the same rice reaches it.
    // Disabled, 'Continue to Checkout' is a button that says why beside it; enabled, a link to /hi/checkout.
    const blocked = cart.getByRole('button', { name: 'चेकआउट करें' });
    await expect(blocked).toBeDisabled();
    await expect(cart.locator('[data-checkout-blocked]')).toHaveText(/^ऑर्डर करने के लिए ₹[\d,.]+ का सामान और डालें \(न्यूनतम ऑर्डर ₹99.00\)$/);
    const more = cart.getByRole('button', { name: `एक और ${name} डालें` });
    for (let taps = 0; taps < 10 && (await blocked.count()) > 0; taps++) {
      const count = Number(await cart.locator('output').first().innerText());
      await more.tap();
      await expect(cart.locator('output').first()).toHaveText(String(count + 1));
    }
    const checkout = cart.getByRole('link', { name: 'चेकआउट करें' });
    await expect(checkout).toHaveAttribute('href', '/hi/checkout');
    await expect(cart.locator('[data-delivery-message]')).toHaveText(/^(मुफ़्त डिलीवरी के लिए ₹[\d,.]+ का सामान और डालें|मुफ़्त डिलीवरी)$/);
    await hindiThroughout(page, 'the cart panel with a pincode');
    await checkout.tap();

    // Checkout: a new address through the Hindi form, then cash on delivery.
    await expect(page).toHaveURL(/\/hi\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'चेकआउट' })).toBeVisible();
    await awake(page, '#place-order');
    await hindiThroughout(page, 'checkout with no address');
    const form = page.getByRole('form', { name: 'नया पता' });
    await expect(form).toBeVisible();
    await form.getByRole('textbox', { name: 'नाम', exact: true }).fill('Asha Verma');
    await form.getByRole('textbox', { name: 'फ़ोन', exact: true }).fill('9876512345');
    await form.getByRole('textbox', { name: 'पता पंक्ति 1', exact: true }).fill('12, 4th Main, Indiranagar');
    await form.getByRole('textbox', { name: 'पिनकोड', exact: true }).fill('560001');
    await form.getByRole('textbox', { name: 'शहर', exact: true }).fill('Bengaluru');
    await form.getByRole('textbox', { name: 'राज्य', exact: true }).fill('Karnataka');
    await form.getByRole('button', { name: 'सेव करें और यहीं डिलीवर करें' }).tap();
    await expect(page.getByRole('radio', { name: /Asha Verma/ })).toBeChecked();
    await page.getByRole('radio', { name: /कैश ऑन डिलीवरी/ }).check();
    await hindiThroughout(page, 'checkout ready to place');
    await page.getByRole('button', { name: /^ऑर्डर करें · ₹/ }).tap();

    await expect(page).toHaveURL(/\/hi\/order\/success\/AF-\d{6}$/);
    await expect(page.getByRole('heading', { name: 'धन्यवाद! आपका ऑर्डर हो गया है।' })).toBeVisible();
    await hindiThroughout(page, 'the success page');

    // An online order left unpaid: its payment page and the result of leaving the provider's page.
    const [unpaid] = await placeOrdersThroughApi(page, 1, 'razorpay');
    await page.goto(`/hi/checkout/razorpay/${unpaid}`);
    await hindiThroughout(page, 'the payment page');
    await page.goto(`/hi/checkout/confirm/${unpaid}?cancelled=1`);
    await hindiThroughout(page, 'the payment result');

    // Every account page.
    for (const [path, what] of [
      ['/hi/account', 'the account'],
      ['/hi/account/orders', 'the orders'],
      ['/hi/account/addresses', 'the addresses'],
      ['/hi/account/details', 'the details'],
      ['/hi/account/wishlist', 'the wishlists'],
    ] as const) {
      await page.goto(path);
      await hindiThroughout(page, what);
    }
    await page.goto('/hi/account/orders');
    await page.locator('[data-order-row]').first().click();
    await expect(page).toHaveURL(/\/hi\/account\/orders\/\d+$/);
    await hindiThroughout(page, 'an order');

    // The next visit to the home page opens in Hindi.
    const next = await context.newPage();
    await next.goto('/');
    await expect(next).toHaveURL(/\/hi$/);
    await expect(next.locator('html')).toHaveAttribute('lang', 'hi-IN');
  });
});
