import { expect, test, type Locator, type Page } from '@playwright/test';
import { en } from '../src/lib/i18n/messages/en';
import { account } from '../src/lib/i18n/messages/en/account';
import { addresses } from '../src/lib/i18n/messages/en/addresses';
import { auth } from '../src/lib/i18n/messages/en/auth';
import { orders } from '../src/lib/i18n/messages/en/orders';
import { exclusively } from './support/accounts';
import { placeOrdersThroughApi } from './support/checkout';
import { awake } from './support/islands';

/**
 * The sign-in and account screens in Hindi (docs/languages.md): the demo shopper signs in from /hi/auth/login and
 * reads her account, orders, an order, her addresses (adding one through the Hindi form) and details, in Hindi.
 */
const ASHA = '9876500001';

/** The English texts of the sign-in, account, orders and addresses words (those without placeholders). */
const ENGLISH = [...new Set(Object.values({ ...auth, ...account, ...orders, ...addresses }).flatMap((m) => (typeof m === 'string' ? [m] : Object.values(m))))]
  .filter((text) => !text.includes('{') && /[A-Za-z]{3}/.test(text))
  .map((text) => text.trim());

/** No word of the shop's own English is left in a part of the page (names, addresses, products are data). */
async function speaksHindi(part: Locator) {
  const text = (await part.innerText()).replace(/\s+/g, ' ');
  const left = ENGLISH.filter((words) => new RegExp(`(^|[^A-Za-z])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z]|$)`).test(text));
  expect(left, `English words on a Hindi page: ${text}`).toEqual([]);
  expect(text).toMatch(/[\u0900-\u097F]/);
}

const main = (page: Page) => page.locator('main');

/** Opens the address book's 'add' section when it is closed (it is open by itself while the book is empty). */
async function openAdd(page: Page) {
  for (const summary of await page.locator('details:not([open]) > summary').filter({ hasText: 'नया पता जोड़ें' }).all()) await summary.click();
}


test('Asha signs in from the Hindi login and reads her account, orders, addresses and details in Hindi', async ({ page }) => {
  test.setTimeout(180_000);
  const line1 = `${Date.now() % 100000}, हिन्दी मार्ग`;
  await exclusively(`sign-in-${ASHA}`, async () => {
    await page.goto('/hi/auth/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page.getByRole('heading', { level: 1, name: en['auth.login'] })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'लॉग इन' })).toBeVisible();
    await speaksHindi(main(page));
    await awake(page, 'input[name="redirect"]');
    await page.getByLabel('मोबाइल नंबर या ईमेल').fill(ASHA);
    await page.getByRole('button', { name: 'OTP भेजें' }).click();
    await expect(page).toHaveURL(/\/hi\/auth\/verify\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'अपना OTP डालें' })).toBeVisible();
    await speaksHindi(main(page));
    const { messages } = await (await page.request.get(`/s/api/dev/outbox?to=${ASHA}`)).json();
    await awake(page, 'input[name="redirect"]');
    await page.getByRole('textbox', { name: 'OTP', exact: true }).fill(/\b(\d{6})\b/.exec(messages[0].text)![1]!);
    await page.getByRole('button', { name: 'पुष्टि करें और आगे बढ़ें' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/hi/auth/'), { timeout: 30_000 });
  });
  // Home after sign-in, in the language she signed in with.
  expect(new URL(page.url()).pathname).toBe('/hi');

  // An order of hers to read (a fresh shop's Asha has none yet).
  await placeOrdersThroughApi(page, 1);

  // The account's front page.
  await page.goto('/hi/account');
  await expect(page.getByRole('heading', { level: 1, name: /^नमस्ते, / })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'खाते के हिस्से' });
  await expect(sections.getByRole('link', { name: 'ऑर्डर' })).toHaveAttribute('href', '/hi/account/orders');
  await expect(page.getByRole('heading', { name: 'हाल के ऑर्डर' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'लॉग आउट' })).toHaveAttribute('href', '/hi/auth/logout');
  await speaksHindi(main(page));

  // Her orders: statuses and dates in Hindi.
  await sections.getByRole('link', { name: 'ऑर्डर' }).click();
  await expect(page).toHaveURL(/\/hi\/account\/orders$/);
  const list = page.getByRole('list', { name: 'आपके ऑर्डर' });
  await expect(list.locator('[data-order-row]').first()).toBeVisible();
  await expect(list.locator('[data-status]').first()).toHaveText(/[\u0900-\u097F]/);
  await expect(list.locator('[data-order-row]').first()).toContainText(/(जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|सितम्बर|अक्टूबर|नवंबर|नवम्बर|दिसंबर|दिसम्बर)/);
  await speaksHindi(main(page));

  // One order.
  await list.locator('[data-order-row]').first().click();
  await expect(page).toHaveURL(/\/hi\/account\/orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^ऑर्डर / })).toBeVisible();
  await expect(page.locator('[data-payment]')).toHaveText(/[\u0900-\u097F]/);
  await expect(page.getByRole('button', { name: 'फिर से ऑर्डर करें' })).toBeVisible();
  await speaksHindi(main(page));

  // Addresses: one added through the Hindi form, its rules' messages in Hindi.
  await page.goto('/hi/account/addresses');
  await awake(page, '[aria-label="आपके पते"]');
  await openAdd(page);
  const form = page.getByRole('form', { name: 'नया पता' });
  await form.getByRole('button', { name: 'पता सेव करें' }).click();
  await expect(form).toContainText('नाम ज़रूरी है');
  await form.getByLabel('पिनकोड').fill('012345');
  await expect(form).toContainText('पिनकोड सही रूप में नहीं है');
  await speaksHindi(main(page));
  await form.getByLabel('नाम').fill('Asha Verma');
  await form.getByLabel('फ़ोन').fill('9876512345');
  await form.getByLabel('पता पंक्ति 1').fill(line1);
  await form.getByLabel('पिनकोड').fill('110001');
  await form.getByLabel('शहर').fill('New Delhi');
  await form.getByLabel('राज्य').fill('Delhi');
  await form.getByRole('button', { name: 'पता सेव करें' }).click();
  const card = page.getByRole('list', { name: 'आपके पते' }).getByRole('listitem').filter({ hasText: line1 });
  await expect(card).toBeVisible();
  await expect(card).toContainText('घर');
  // Deleting asks in Hindi, and leaves her address book as it was.
  await card.getByRole('button', { name: `${line1} वाला पता हटाएँ` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${line1} वाला पता हटाएँ?`);
  await dialog.getByRole('button', { name: 'हटाएँ' }).click();
  await expect(card).toHaveCount(0);

  // Details.
  await page.goto('/hi/account/details');
  await expect(page.getByRole('heading', { level: 1, name: 'प्रोफ़ाइल' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'नाम सेव करें' })).toBeVisible();
  await speaksHindi(main(page));
});

test('without JavaScript the Hindi sign-in and address form post and come back in Hindi', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const line1 = `${Date.now() % 100000}, बिना स्क्रिप्ट मार्ग`;
  // Signed out, a Hindi account page sends the shopper to the Hindi login, which keeps where she was going.
  await page.goto('/hi/account/addresses');
  await expect(page).toHaveURL(/\/hi\/auth\/login\?redirect=%2Fhi%2Faccount%2Faddresses$/);
  await exclusively(`sign-in-${ASHA}`, async () => {
    await page.getByLabel('मोबाइल नंबर या ईमेल').fill(ASHA);
    await page.getByRole('button', { name: 'OTP भेजें' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'अपना OTP डालें' })).toBeVisible();
    const { messages } = await (await page.request.get(`/s/api/dev/outbox?to=${ASHA}`)).json();
    await page.getByRole('textbox', { name: 'OTP', exact: true }).fill(/\b(\d{6})\b/.exec(messages[0].text)![1]!);
    await page.getByRole('button', { name: 'पुष्टि करें और आगे बढ़ें' }).click();
    await expect(page).toHaveURL(/\/hi\/account\/addresses$/, { timeout: 30_000 });
  });
  // The form posts to /hi/account/addresses/save and the shopper comes back to the Hindi page.
  await openAdd(page);
  const form = page.getByRole('form', { name: 'नया पता' });
  await form.getByLabel('नाम').fill('Asha Verma');
  await form.getByLabel('फ़ोन').fill('9876512345');
  await form.getByLabel('पता पंक्ति 1').fill(line1);
  await form.getByLabel('पिनकोड').fill('560001');
  await form.getByLabel('शहर').fill('Bengaluru');
  await form.getByLabel('राज्य').fill('Karnataka');
  await form.getByRole('button', { name: 'पता सेव करें' }).click();
  await expect(page).toHaveURL(/\/hi\/account\/addresses$/);
  const card = page.getByRole('list', { name: 'आपके पते' }).getByRole('listitem').filter({ hasText: line1 });
  await expect(card).toBeVisible();
  // Delete asks as a step of the Hindi page, then posts and comes back to it.
  await card.getByRole('button', { name: `${line1} वाला पता हटाएँ` }).click();
  await expect(page).toHaveURL(/\/hi\/account\/addresses\?confirm=delete/);
  await expect(page.locator('main')).toContainText(`${line1} वाला पता हटाएँ?`);
  await page.locator('main form[action="/hi/account/addresses/delete"]').getByRole('button').click();
  await expect(page).toHaveURL(/\/hi\/account\/addresses$/);
  await expect(card).toHaveCount(0);
  await context.close();
});
