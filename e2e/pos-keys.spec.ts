import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { awake } from './support/islands';
import { freshBarcode, newCashier, newCounter, newProduct, seriousViolations, uniqueWord } from './support/pos';

/**
 * The till at the keyboard on a busy morning (docs/pos.md#the-screen), on a tablet at 1024 × 768: the search box's
 * results as a listbox (arrows choose, Enter and Add add the chosen one, Escape clears) with the USB scanner working
 * as before; cash typed but not taken said beside the disabled Complete sale; a quantity held to 999 or over the
 * stock the till knows said beside the field; offline, the search says it searches the packs kept on the device.
 * Each test has a cashier, a counter and packs of its own, so the file runs beside the other till specs.
 */

/**
 * A new cashier (pos_access:view only) at a counter of their own with three products named `<word> Alpha`, `Beta`
 * and `Gamma` (₹45 a pack, 20 in stock; Gamma has a barcode), signed in at /pos with a till open.
 */
async function tillWithPacks(page: Page, browser: Browser) {
  const { phone, admin, close } = await newCashier(page, browser, 'Till Keys Cashier', '7');
  const word = uniqueWord('Keys');
  const warehouse = await newCounter(admin, word);
  const barcode = freshBarcode('27');
  const names = ['Alpha', 'Beta', 'Gamma'].map((n) => `${word} ${n}`);
  for (const [index, name] of names.entries()) await newProduct(admin, name, warehouse.id, index === 2 ? { barcode } : {});
  await close();

  await signInThroughApi(page, phone);
  await page.goto('/pos');
  await awake(page, '[data-pos-screen]');
  await expect(page.getByRole('heading', { level: 1, name: 'Open a till' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(warehouse.name) }).check();
  await page.getByRole('button', { name: 'Open till' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Till \d+/ })).toBeVisible();
  await expect(page.locator('[data-pos-status]')).toHaveAttribute('data-pos-status', 'online');
  return { word, names, barcode };
}

/**
 * A USB scanner in keyboard mode typing `code` then Enter into whatever has the focus, its keys stamped 4 ms apart as
 * the scanner sends them (Chromium's input events through CDP carry the time they were sent, however long the page
 * takes over each: Playwright's own keys wait for the page between them, so a busy page stretches them past 35 ms).
 */
async function scannerBurst(page: Page, code: string) {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...code].map((char) => ({ key: char, code: `Digit${char}`, text: char, windowsVirtualKeyCode: char.charCodeAt(0) }));
  keys.push({ key: 'Enter', code: 'Enter', text: '\r', windowsVirtualKeyCode: 13 });
  for (const [index, key] of keys.entries()) {
    const timestamp = start + index * 0.004;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, timestamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: key.key, code: key.code, windowsVirtualKeyCode: key.windowsVirtualKeyCode, timestamp: timestamp + 0.001 });
  }
  await cdp.detach();
}

/** The names of the ticket's lines, in order. */
const lineNames = (page: Page) => page.locator('[data-pos-line]').evaluateAll((lines) => lines.map((l) => l.querySelector('.font-medium')?.firstChild?.textContent?.trim() ?? ''));

test.describe('the till at the keyboard @desktop', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  test.describe.configure({ timeout: 240_000 });

  test('several results: the arrows choose, Enter and Add add the chosen one, Escape clears; the scanner still adds', async ({ page, browser }) => {
    const { word, names, barcode } = await tillWithPacks(page, browser);
    const box = page.locator('#pos-search');
    await expect(page.getByRole('combobox', { name: /Search by name or type a barcode/ })).toBeVisible();
    await box.fill(word);
    const results = page.getByRole('listbox', { name: 'Search results' });
    const options = results.getByRole('option');
    await expect(options).toHaveCount(3);
    // Once the shop's answer replaced the device's (its order may differ), the first result is the active one.
    await expect(page.locator('[data-pos-found-by="shop"]')).toBeVisible();
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const order = (await options.allTextContents()).map((text) => names.find((name) => text.includes(name))!);
    expect([...order].sort()).toEqual([...names].sort());
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await expect(page.getByText(`Enter adds ${order[0]}`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Enter adds the first; ↓ then Enter the second; ↓ ↓ ↑ ↓ and the Add button the third.
    await box.press('Enter');
    await expect(page.locator('[data-pos-line]')).toHaveCount(1);
    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.first()).toHaveAttribute('aria-selected', 'false');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await box.press('Enter');
    await expect(page.locator('[data-pos-line]')).toHaveCount(2);
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowDown']) await box.press(key);
    await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`Enter adds ${order[2]}`)).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('[data-pos-line]')).toHaveCount(3);
    expect(await lineNames(page)).toEqual(order);

    // Escape clears the box: the quick picks again.
    await box.focus();
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(page.getByRole('list', { name: 'Quick picks' })).toBeVisible();
    await expect(results).toHaveCount(0);

    // The scanner with the focus in the box and several results shown: its code is taken back out of the box and its
    // pack added once; the Enter it ends with adds nothing else. (The keys carry the scanner's own times, see
    // scannerBurst, so a loaded machine does not slow them past a scan's pace.)
    await box.fill(word);
    await expect(options).toHaveCount(3);
    await scannerBurst(page, barcode);
    await expect(page.getByLabel(`Quantity of ${names[2]}`)).toHaveValue('2');
    await expect(box).toHaveValue(word);
    await expect(page.locator('[data-pos-line]')).toHaveCount(3);
    expect(await page.getByLabel(/^Quantity of /).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(order.map((name) => (name === names[2] ? '2' : '1')));

    // One result: Enter keeps adding it.
    await box.fill(names[0]!);
    await expect(options).toHaveCount(1);
    await box.press('Enter');
    await expect(page.getByLabel(`Quantity of ${names[0]}`)).toHaveValue('2');
    await box.press('Enter');
    await expect(page.getByLabel(`Quantity of ${names[0]}`)).toHaveValue('3');
  });

  test('cash typed but not taken: Complete sale says why it waits, and Take Cash payment is never under its bar', async ({ page, browser }) => {
    const { names } = await tillWithPacks(page, browser);
    await page.locator('[data-pos-picks] button').filter({ hasText: names[0] }).click();
    await expect(page.locator('[data-pos-total]')).toHaveText('₹45.00');
    const complete = page.getByRole('button', { name: 'Complete sale' });
    const cash = page.getByLabel('Cash tendered (₹)');
    await cash.fill('100');
    await expect(complete).toBeDisabled();
    await expect(complete).toHaveAccessibleDescription('Press Take Cash payment to record ₹100.00 tendered.');
    await expect(page.getByText('Press Take Cash payment to record ₹100.00 tendered.')).toBeVisible();

    // The ticket scrolled to its top, then Tab from the cash field: the button in the clear, above the Complete bar.
    await page.locator('[data-pos-ticket-body]').evaluate((ticket) => ticket.scrollTo(0, 0));
    await cash.focus();
    await page.keyboard.press('Tab');
    const take = page.getByRole('button', { name: 'Take Cash payment' });
    await expect(take).toBeFocused();
    await expect
      .poll(() =>
        take.evaluate((button) => {
          const box = button.getBoundingClientRect();
          const bar = document.querySelector('[data-pos-complete-bar]')!.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.bottom - 2);
          return box.bottom <= bar.top && top === button;
        }),
      )
      .toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-pos-change]')).toHaveText('₹55.00');
    await expect(complete).toBeEnabled();
    await expect(complete).toHaveAccessibleDescription('');
  });

  test('a quantity held to 999 says so beside the field; one over the stock the till knows is warned of, not refused', async ({ page, browser }) => {
    const { names } = await tillWithPacks(page, browser);
    await page.locator('[data-pos-picks] button').filter({ hasText: names[1] }).click();
    const quantity = page.getByLabel(`Quantity of ${names[1]}`);
    await quantity.fill('9999');
    await quantity.press('Enter');
    await expect(quantity).toHaveValue('999');
    const held = `Quantity of ${names[1]} held to 999, the most one line takes.`;
    await expect(page.getByText(held)).toBeVisible();
    const short = 'Only 20 in stock at this counter: the sale goes through, and the back office sees it flagged short.';
    await expect(page.getByText(short)).toBeVisible();
    await expect(quantity).toHaveAccessibleDescription(`${held} ${short}`);
    expect(await seriousViolations(page)).toEqual([]);

    // 21: not held, still over the stock; the sale can be completed all the same.
    await quantity.fill('21');
    await quantity.press('Enter');
    await expect(quantity).toHaveValue('21');
    await expect(page.getByText(held)).toHaveCount(0);
    await expect(page.getByText(short)).toBeVisible();
    await page.getByRole('button', { name: 'Take Cash payment' }).click();
    await expect(page.getByRole('button', { name: 'Complete sale' })).toBeEnabled();

    // 20: within the stock, nothing to say.
    await quantity.fill('20');
    await quantity.press('Enter');
    await expect(quantity).toHaveValue('20');
    await expect(page.getByText(short)).toHaveCount(0);
    await expect(quantity).toHaveAccessibleDescription('');
  });

  test('offline, the search says it searches the packs kept on the device', async ({ page, browser, context }) => {
    const { word } = await tillWithPacks(page, browser);
    const box = page.locator('#pos-search');
    const note = "Offline: searching the packs kept on this device (the shop's search needs the network).";
    await expect(page.getByText(note)).toHaveCount(0);
    await context.setOffline(true);
    await expect(page.locator('[data-pos-status]')).toHaveAttribute('data-pos-status', 'offline');
    await expect(page.getByText(note)).toBeVisible();
    await expect(box).toHaveAccessibleDescription(note);
    await box.fill(word);
    await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Found 3 on this device' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await context.setOffline(false);
    await expect(page.locator('[data-pos-status]')).toHaveAttribute('data-pos-status', 'online', { timeout: 40_000 });
    await expect(page.getByText(note)).toHaveCount(0);
  });
});
