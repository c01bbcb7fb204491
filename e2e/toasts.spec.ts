import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { oneInCartPanelOpen } from './support/islands';

/**
 * Toasts: the layout's live region (empty from page load; screen readers hear each message from it) and the
 * Toaster island (src/ui/Toaster.tsx), asleep until the first toast is pushed, then drawing $toasts in a
 * top-layer stack above open dialogs and panels.
 */

test.describe.configure({ timeout: 60_000 });

const toaster = (page: Page) => page.locator('astro-island[component-url*="Toaster"]');
/** A toast as the shopper sees it. */
const shown = (page: Page, text: string) => page.locator('[data-toaster] [data-type]').filter({ hasText: text });
/** The live region toasts are spoken from. */
const live = (page: Page) => page.getByRole('status').and(page.locator('[data-toast-live]'));
const phoneFor = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));
/** Whether the element is where a screen reader can hear it: in no popover or dialog, or in the topmost modal dialog. */
const where = (locator: Locator) =>
  locator.evaluate((el) => {
    const modal = [...document.querySelectorAll('dialog:modal')].at(-1);
    return { inLayer: !!el.parentElement?.closest('dialog, [popover]'), inTopModal: !!modal?.contains(el), inert: !!el.closest('[inert]') };
  });

/** On the listing, opens 'Add Products In Wishlist' on the first card and fills in a new list; answers its Submit. */
async function newListReady(page: Page, phone: number) {
  await page.locator('[data-product-grid] article').first().getByRole('button', { name: /wishlist: /i }).click();
  await page.getByRole('dialog', { name: 'Add Products In Wishlist' }).getByRole('button', { name: 'Create Another Wishlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Another Wish List' });
  await create.getByLabel('New Wishlist').fill(`Festive ${phone}`);
  return create.getByRole('button', { name: 'Submit' });
}
type Marked = Window & { region?: Element };

test('one live region is in the page from load, empty and outside every popover and dialog; the first success toast is spoken from it', async ({ page }) => {
  const phone = phoneFor(9000012600);
  await registerWithApi(page, phone, 'Leela Nair');
  // As served: the region is in the HTML, empty.
  const served = (await (await page.request.get('/products')).text()).match(/<div [^>]*data-toast-live[^>]*>(.*?)<\/div>/);
  expect(served?.[0]).toContain('role="status"');
  expect(served?.[1]).toBe('');
  await page.goto('/products');
  await expect(live(page)).toHaveCount(1);
  await expect(live(page)).toHaveText('');
  expect(await where(live(page))).toEqual({ inLayer: false, inTopModal: false, inert: false });
  await live(page).evaluate((el) => ((window as Marked).region = el));

  const submit = await newListReady(page, Number(phone));
  await submit.click();
  await expect(shown(page, 'Wishlist added successfully')).toBeVisible();
  // The same element (not one made with the message) holds it, where a screen reader hears it: while the wishlist
  // dialog is open the rest of the page is inert, so the region waits inside that dialog.
  await expect(live(page)).toHaveText('Wishlist added successfully');
  expect(await live(page).evaluate((el) => el === (window as Marked).region)).toBe(true);
  expect(await where(live(page))).toMatchObject({ inTopModal: true, inert: false });
  await page.getByRole('dialog', { name: 'Add Products In Wishlist' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Products In Wishlist' })).toHaveCount(0);
  expect(await where(live(page))).toEqual({ inLayer: false, inTopModal: false, inert: false });
  expect(await live(page).evaluate((el) => el === (window as Marked).region)).toBe(true);
});

test('a success toast stays while the pointer or the focus is on it, and goes 5000 ms after they leave @desktop', async ({ page }) => {
  await registerWithApi(page, phoneFor(9000012700), 'Farhan Sheikh');
  await page.clock.install();
  await page.goto('/products');
  const submit = await newListReady(page, 9000012700);
  await submit.click();
  const toast = shown(page, 'Wishlist added successfully');
  await expect(toast).toBeVisible();
  await toast.hover();
  await page.clock.runFor(6000);
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(5100);
  await expect(toast).toBeHidden();
  await expect(live(page)).toHaveText('');

  await page.getByRole('dialog', { name: 'Add Products In Wishlist' }).getByRole('button', { name: 'Create Another Wishlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Another Wish List' });
  await create.getByLabel('New Wishlist').fill('Second list');
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss' }).focus();
  await page.clock.runFor(6000);
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss' }).blur();
  await page.clock.runFor(5100);
  await expect(toast).toBeHidden();
});

test('an error toast in the open cart panel is spoken from the same live region, moved into the modal panel and not inert', async ({ page }) => {
  const plus = await refusalInOpenPanel(page, 'You can add at most 1 of this item');
  await live(page).evaluate((el) => ((window as Marked).region = el));
  await plus.click();
  await expect(live(page)).toHaveText('You can add at most 1 of this item');
  expect(await live(page).evaluate((el) => el === (window as Marked).region)).toBe(true);
  expect(await where(live(page))).toEqual({ inLayer: true, inTopModal: true, inert: false });
});

const onTop = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && el.contains(hit);
  });

/** Puts one stocked product in the cart from the listing, opens 'Cart Summary', and makes the next + fail with `message`. */
async function refusalInOpenPanel(page: Page, message: string) {
  const { product, panel } = await oneInCartPanelOpen(page);
  await page.route('**/s/api/cart/add', (route) => route.fulfill({ status: 400, json: { message } }));
  return panel.getByRole('button', { name: `Add one more ${product.product_name}` });
}

test('the Toaster sleeps until the first toast, which then shows above the open cart panel and is dismissed', async ({ page }) => {
  const plus = await refusalInOpenPanel(page, 'You can add at most 1 of this item');
  await expect(toaster(page)).toHaveAttribute('ssr', '');
  await plus.click();
  const toast = shown(page, 'You can add at most 1 of this item');
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-type', 'error');
  await expect(toaster(page)).not.toHaveAttribute('ssr', '');
  expect(await onTop(toast)).toBe(true);
  expect(await onTop(toast.getByRole('button', { name: 'Dismiss' }))).toBe(true);
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Cart Summary' })).toBeVisible();
});

test('a toast goes after 5000 ms, not before @desktop', async ({ page }) => {
  await page.clock.install();
  const plus = await refusalInOpenPanel(page, 'Only 1 left');
  // Far enough ahead that a busy machine has not passed it by the time the call lands (it cannot go back).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
  await plus.click();
  const toast = shown(page, 'Only 1 left');
  await expect(toast).toBeVisible();
  await page.clock.runFor(4800);
  await expect(toast).toBeVisible();
  await page.clock.runFor(300);
  await expect(toast).toBeHidden();
});

test('an answer with a list of messages shows them on separate lines @desktop', async ({ page }) => {
  const plus = await refusalInOpenPanel(page, 'unused');
  await page.unroute('**/s/api/cart/add');
  await page.route('**/s/api/cart/add', (route) => route.fulfill({ status: 422, json: { message: ['Too many', 'Try fewer'] } }));
  await plus.click();
  const toast = shown(page, 'Too many');
  await expect(toast).toBeVisible();
  expect(await toast.locator('p').innerText()).toBe('Too many\nTry fewer');
});
