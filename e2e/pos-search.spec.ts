import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { awake } from './support/islands';
import { newCashier, newCounter, newProduct, seriousViolations, uniqueWord } from './support/pos';

/**
 * Finding packs at the till (docs/pos.md#the-screen), on a tablet at 1024 × 768: a Hinglish word the device's name
 * search cannot match ("aata" for a pack named Atta) finds the pack through the shop's own search (its synonyms),
 * and it goes on the ticket; after a sale of that pack, it is the first quick pick when the next till starts.
 * A cashier made for this spec (pos_access:view only) keeps the tills, so it runs beside the other till specs.
 */

async function shot(page: Page, name: string) {
  mkdirSync('test-results/pos', { recursive: true });
  await page.screenshot({ path: `test-results/pos/${name}-1024.png`, scale: 'css' });
}

/** Opens a till at the warehouse with the cash in the drawer; the heading then names it. */
async function openTill(page: Page, warehouseName: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Open a till' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(warehouseName) }).check();
  await page.getByLabel('Opening cash (₹)').fill('1000');
  await page.getByRole('button', { name: 'Open till' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Till \d+/ })).toBeVisible();
}

test.describe("the shop's search and the best sellers at the till @desktop", () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  test.describe.configure({ timeout: 240_000 });

  test('"aata" finds a pack named Atta through the shop\'s synonyms; the pack sold is the first quick pick at the next till', async ({ page, browser, context }) => {
    // A new cashier: registered, then given pos_access:view by Arjun (super administrator), who makes the pack.
    const { phone, admin, close } = await newCashier(page, browser, 'Till Search Cashier', '7');
    const word = uniqueWord('Srch');
    // A counter of its own: its best sellers are this test's sales only, whatever the other till specs sell.
    const warehouse = await newCounter(admin, word);
    const name = `${word} Chakki Atta`;
    await newProduct(admin, name, warehouse.id, { stock: 500 });
    await close();

    await signInThroughApi(page, phone);
    await page.goto('/pos');
    await awake(page, '[data-pos-screen]');
    await openTill(page, warehouse.name);
    await expect(page.locator('[data-pos-status]')).toHaveAttribute('data-pos-status', 'online');

    // Offline, the device's name search: "aata" is no start of any word of "… Chakki Atta".
    const box = page.locator('#pos-search');
    await context.setOffline(true);
    await box.fill(`${word} aata`);
    await expect(page.getByText("Nothing in this counter's catalogue matches.")).toBeVisible();
    await box.fill('');
    await context.setOffline(false);
    // Online again once the browser says so, or (a call failed meanwhile) once the next call reaches the shop.
    await expect(page.locator('[data-pos-status]')).toHaveAttribute('data-pos-status', 'online', { timeout: 40_000 });

    // Online, the shop's search: the atta group of its synonyms finds the pack.
    await box.fill(`${word} aata`);
    const found = page.locator('[data-pos-found-by="shop"]');
    await expect(found.getByRole('option').filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: /^Found 1 by the shop's search$/ })).toBeVisible();
    await shot(page, 'shop-search');
    expect(await seriousViolations(page)).toEqual([]);
    await found.getByRole('option').filter({ hasText: name }).click();
    await expect(page.locator('[data-pos-line]')).toHaveCount(1);
    await expect(page.locator('[data-pos-line]')).toContainText(name);

    // Sell 30 of it for cash: the only sale this counter has.
    const quantity = page.getByLabel(/^Quantity of /);
    await quantity.fill('30');
    await quantity.press('Enter');
    await expect(page.locator('[data-pos-total]')).toHaveText('₹1,350.00');
    await page.getByRole('button', { name: 'Take Cash payment' }).click(); // the amount due, exactly
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Sale .+ recorded$/ })).toBeVisible();

    // The next till: its quick picks start with the pack just sold.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Close till' }).click();
    await page.getByLabel('Counted cash (₹)').fill('2350');
    await page.getByRole('button', { name: 'Close till and show the Z-report' }).click();
    await page.getByRole('button', { name: 'Open another till' }).click();
    await openTill(page, warehouse.name);
    const picks = page.getByRole('list', { name: 'Quick picks' }).getByRole('button');
    await expect(picks.first()).toContainText(name);
    await shot(page, 'quick-picks');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
