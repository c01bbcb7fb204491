import { expect, test, type Page } from '@playwright/test';
import { signIn as signInAs } from './support/accounts';

const USERS = {
  shopper: { phone: '9876500001', email: 'asha@example.com', name: 'Asha Verma', links: ['Account', 'Orders', 'Addresses', 'Logout'] },
  agent: { phone: '9876500002', email: 'ravi.agent@example.com', name: 'Ravi Kumar', links: ['Account', 'Orders', 'Addresses', 'Logout'] },
  admin: { phone: '9876500003', email: 'meera.admin@example.com', name: 'Meera Iyer', links: ['Account', 'Orders', 'Addresses', 'Administration', 'Website Settings', 'POS', 'Logout'] },
  super: { phone: '9876500004', email: 'arjun.super@example.com', name: 'Arjun Rao', links: ['Account', 'Orders', 'Addresses', 'Administration', 'Website Settings', 'POS', 'Switch Website', 'Logout'] },
} as const;
type Person = (typeof USERS)[keyof typeof USERS];

// One test at a time in this file, and phones sign in by email: each code in the shared demo outbox then
// belongs to exactly one waiting test.
test.describe.configure({ mode: 'serial' });
const addressOf = (person: Person) => (test.info().project.name === 'phone' ? person.email : person.phone);

/** Signs in through the screens (the code from the demo outbox, as a person reads their SMS), on the login screen the page is on (a guard's redirect keeps where to return to). */
const signIn = (page: Page, person: Person) => signInAs(page, addressOf(person), { from: '' });

test.describe('sign-in and guards', () => {
  test('the code screen says where the code went, masked @desktop', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Mobile number or email').fill('9876500001');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('We sent a 6-digit code to 98******01.')).toBeVisible();
  });

  test('a signed-out visit to /checkout goes to login, and after the code comes back to /checkout', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fcheckout$/);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe('/checkout');
    await signIn(page, USERS.shopper);
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBeNull();
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Namaste, Asha Verma');
  });

  test('the agent reaches /account/dashboard; the shopper is sent to /account/orders', async ({ browser, baseURL }) => {
    const agent = await browser.newPage({ baseURL });
    await agent.goto('/account/dashboard');
    await signIn(agent, USERS.agent);
    await expect(agent).toHaveURL(/\/account\/dashboard$/);
    await expect(agent.getByRole('heading', { level: 1 })).toHaveText('Sales dashboard');

    const shopper = await browser.newPage({ baseURL });
    await shopper.goto('/auth/login');
    await signIn(shopper, USERS.shopper);
    await shopper.goto('/account/dashboard');
    // The wanted path is saved the same way as for sign-in (docs/product.md#routes): in the URL and in session storage.
    await expect(shopper).toHaveURL(/\/account\/orders\?redirect=%2Faccount%2Fdashboard$/);
    await expect.poll(() => shopper.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe('/account/dashboard');
    await shopper.goto('/%61ccount/%64ashboard');
    await expect(shopper).toHaveURL(/\/account\/orders\?redirect=/);
  });

  test('an open-redirect attempt through the login URL ends on / @desktop', async ({ page }) => {
    await page.goto('/auth/login?redirect=%2F%2Fevil.example%2Fsteal');
    await signIn(page, USERS.shopper);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });

  test('logout ends the session, and the pages are guarded again', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, USERS.shopper);
    await page.goto('/auth/logout');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Faccount$/);
  });

  test('a wrong code says so and signs nobody in @desktop', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Mobile number or email').fill(addressOf(USERS.shopper));
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    const { messages } = await (await page.request.get(`/s/api/dev/outbox?to=${encodeURIComponent(addressOf(USERS.shopper))}`)).json();
    const code = /\b(\d{6})\b/.exec(messages[0].text)![1]!;
    await page.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\/login/);
  });
});

test.describe('account menu per user @desktop', () => {
  for (const [role, user] of Object.entries(USERS)) {
    test(`${role} sees exactly their links`, async ({ page }) => {
      await page.goto('/auth/login');
      await signIn(page, user);
      await page.goto('/');
      const menu = page.getByRole('banner').locator('[data-desktop-bar] details[data-menu]').filter({ hasText: user.name });
      await menu.locator('summary').click();
      await expect(menu.getByRole('link')).toHaveText([...user.links]);
      // The back-office links open in a new tab, every other link in this one.
      const targets = await menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('target')));
      expect(targets).toEqual(user.links.map((link) => (['Administration', 'Website Settings', 'POS'].includes(link) ? '_blank' : null)));
    });
  }

  test('the super administrator can switch the website; others are refused', async ({ page, browser, baseURL }) => {
    await page.goto('/auth/login');
    await signIn(page, USERS.super);
    await page.goto('/auth/bos/choose');
    await page.getByRole('listitem').filter({ hasText: 'Kirana Bazaar' }).getByRole('button', { name: 'Switch' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kirana Bazaar');

    const admin = await browser.newPage({ baseURL });
    await admin.goto('/auth/login');
    await signIn(admin, USERS.admin);
    const refused = await admin.goto('/auth/bos/choose');
    expect(refused!.status()).toBe(403);
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  });
});
