import { expect, test } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { apiCall } from './support/back-office';
import { awake } from './support/islands';
import { newCashier, newCounter, newProduct, seriousViolations, uniqueWord } from './support/pos';

/**
 * The till reloaded without the network (docs/pos.md#offline): the page comes from the copy its service worker
 * (public/pos-sw.js, scope /pos) kept, the till the device had open comes up, a cash sale waits on the device and is
 * sent once the network is back. A cashier, a counter and a pack of its own, so the file runs beside the other till
 * specs; on a tablet, 1024 × 768.
 */


test.describe('the till reloaded offline @desktop', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  test.describe.configure({ timeout: 180_000 });

  test('comes up from the kept copy, sells into the outbox, and the sale is sent once online', async ({ page, browser, context }) => {
    const { phone, admin, close } = await newCashier(page, browser, 'Till Offline Cashier', '8');
    const word = uniqueWord('Offl');
    const warehouse = await newCounter(admin, word);
    await newProduct(admin, `${word} Rice`, warehouse.id);
    await close();

    // Open a till online; the island registers the worker, which keeps /pos and its files as it installs.
    await signInThroughApi(page, phone);
    await page.goto('/pos');
    await awake(page, '[data-pos-screen]');
    await page.getByRole('radio', { name: new RegExp(warehouse.name) }).check();
    await page.getByRole('button', { name: 'Open till' }).click();
    const tillHeading = page.getByRole('heading', { level: 1, name: /^Till \d+/ });
    await expect(tillHeading).toBeVisible();
    await expect(page.locator('[data-pos-picks] li').first()).toBeVisible(); // the catalogue is on the device
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.scope))).toMatch(/\/pos$/);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The first load was not controlled (the worker came after it): a reload online is.
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/pos')))).toBe(true);

    // The network goes, the page is reloaded: the till comes up from the kept copy, offline.
    await context.setOffline(true);
    // The worker's own network is down too: what comes next is its kept copy, not a fresh page.
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/pos-sw.js'));
    expect(await worker?.evaluate(() => fetch('/pos').then(() => 'answered', () => 'failed'))).toBe('failed');
    await page.reload();
    await awake(page, '[data-pos-screen]');
    await expect(tillHeading).toBeVisible();
    await expect(page.locator('[data-pos-status]')).toHaveAttribute('data-pos-status', 'offline');
    await expect(page.locator('[data-pos-status]')).toContainText('Offline');

    // A cash sale, the amount due exactly: kept on the device, waiting.
    await page.locator('[data-pos-picks] button').filter({ hasText: word }).first().click();
    await expect(page.locator('[data-pos-total]')).toHaveText('₹45.00');
    await page.getByRole('button', { name: 'Take Cash payment' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sale kept on this device: waiting to be sent' })).toBeVisible();
    await expect(page.locator('[data-pos-waiting]')).toHaveText('1 sale waiting');
    expect(await seriousViolations(page)).toEqual([]);

    // Back online: the sale is sent, the receipt gets its bill, and the shop has the order.
    await context.setOffline(false);
    await expect(page.locator('[data-pos-waiting]')).toHaveText('0 sales waiting', { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: /^Sale .+ recorded$/ })).toBeVisible();
    const orderId = Number(await page.locator('[data-pos-receipt]').getAttribute('data-order-id'));
    expect(orderId).toBeGreaterThan(0);
    const sale = await apiCall(page, 'GET', `/pos/sales/${orderId}`);
    expect(sale.status).toBe(200);
    expect(sale.body).toMatchObject({ total: 45, status: 'delivered', payment_state: 'paid' });
  });
});
