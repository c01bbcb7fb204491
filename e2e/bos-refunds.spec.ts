import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { registerWithApi, signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { payOnProviderPage, placeOrdersThroughApi } from './support/checkout';
import { bosCall } from './support/back-office';
import { whileRazorpayRefuses } from './support/refunds';

/** The seeded administrator, Meera Iyer: hasAdminAccess with order:manage. */
const ADMIN = '9876500003';

/** A new shopper's order paid through the simulated Razorpay; then the administrator signed in on its page. */
async function paidOrderOnItsPage(page: Page, width: number, digit: string): Promise<number> {
  await registerWithApi(page, `${digit}${String(width).slice(0, 1)}${String(Date.now()).slice(-8)}`, `Refund Tester ${width}`);
  const [id] = await placeOrdersThroughApi(page, 1, 'razorpay');
  await payOnProviderPage(page, id!);
  await page.context().clearCookies();
  await signInThroughApi(page, ADMIN);
  await page.goto(`/bos/admin/orders/${id}`);
  return id!;
}

const rupeesIn = (text: string) => Number(text.replace(/[^\d.]/g, ''));

// The refunds screen's counts are the whole shop's: the widths run one after the other, not side by side.
test.describe.configure({ mode: 'serial' });

for (const width of [1280, 768]) {
  test.describe(`refunds in the back office at ${width} px @desktop`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 300_000 });

    test('staff refund one line of a paid order through the form and see it listed with the new refunded total', async ({ page }) => {
      const id = await paidOrderOnItsPage(page, width, '7');
      const line = page.locator('[data-line]').first();
      const lineAmount = (await line.locator('td').last().textContent())!.trim().split(/\s/)[0]!;
      await expect(page.locator('[data-refund]')).toHaveCount(0);

      const open = page.getByRole('button', { name: 'Refund part of this order' });
      await expect(open).toBeEnabled(); // hydrated
      await open.click();
      const form = page.getByRole('form', { name: 'Refund part of this order' });
      await expect(form.locator('[data-refundable]')).toContainText(/At most ₹[\d,.]+ can be refunded: ₹[\d,.]+ paid through Razorpay, ₹0.00 refunded\./);
      const units = form.getByRole('spinbutton').first();
      const submit = form.locator('button[type=submit]');
      await expect(submit).toHaveText('Refund to Razorpay');

      // More than was bought is refused where it was typed; a reason is needed.
      await units.fill('2');
      await submit.click();
      await expect(form.getByText('At most 1 of 1 can be refunded')).toBeVisible();
      await units.fill('1');
      await expect(submit).toHaveText(`Refund ${lineAmount} to Razorpay`);
      await submit.click();
      await expect(form.getByText('Say why you refund it')).toBeVisible();
      await form.getByLabel('Reason').fill('One packet torn');
      await form.getByLabel('Put the goods back in stock').check();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'part-refund-form', width);

      await submit.click();
      await expect(page).toHaveURL(new RegExp(`/bos/admin/orders/${id}\\?refunded=\\d+$`));
      await expect(page.locator('[data-refunded-now]')).toHaveText(`${lineAmount} refunded to Razorpay.`);
      const listed = page.locator('[data-refund]');
      await expect(listed).toHaveCount(1);
      await expect(listed).toHaveAttribute('data-refund', 'processed');
      await expect(listed).toContainText(`${lineAmount} · part · refunded · One packet torn`);
      await expect(listed.locator('[data-refund-lines]')).toHaveText(/^1 × .+ \(.+\)$/);
      // The new totals: the lines' refunded row, the payment's refunded figure and what is left to refund.
      await expect(page.getByRole('row', { name: /^Refunded/ })).toContainText(`−${lineAmount}`);
      await expect(line).toContainText('1 refunded');
      await expect(page.locator('section[aria-labelledby=o-payment]')).toContainText(`Refunded${lineAmount}`);
      await page.getByRole('button', { name: 'Refund part of this order' }).click();
      const left = rupeesIn((await page.locator('[data-refundable] .font-medium').textContent())!);
      expect(left).toBeCloseTo(rupeesIn((await page.locator('[data-total]').textContent())!) - rupeesIn(lineAmount), 2);
      await expect(form.getByRole('spinbutton').first()).toBeDisabled();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'part-refunded', width);
    });

    test('on the refunds screen staff send a failed refund again and, with the keyboard only, record another refunded by hand', async ({ page }) => {
      const id = await paidOrderOnItsPage(page, width, '6');
      // Two refunds the provider refuses: one through the form (the page says so), one through the same call.
      const [first, second] = await whileRazorpayRefuses(id, async () => {
        await page.getByRole('button', { name: 'Refund part of this order' }).click();
        const form = page.getByRole('form', { name: 'Refund part of this order' });
        await form.getByLabel('An amount').check();
        await form.getByLabel('Amount (₹)').fill('10');
        await form.getByLabel('Reason').fill('Late delivery');
        await form.getByRole('button', { name: 'Refund ₹10.00 to Razorpay' }).click();
        await expect(page.locator('[data-refunded-now]')).toContainText('Razorpay refused the refund of ₹10.00');
        // A refused refund is not money back: the payment says so, apart from what was refunded.
        await expect(page.locator('[data-refunded-sum]')).toHaveText('₹0.00');
        await expect(page.locator('[data-refund-refused]')).toContainText('₹10.00: send it again or pay it by hand');
        await expect(page.getByRole('row', { name: /^Refunded/ })).toHaveCount(0);
        const made = Number(new URL(page.url()).searchParams.get('refunded'));
        const other = (await bosCall(page, `/bos/orders/${id}/refunds`, { amount_paise: 500, reason: 'Damaged box' })).body as { id: number; status: string };
        expect(other.status).toBe('failed');
        return [made, other.id];
      });

      await page.goto('/bos/admin/refunds');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refunds that need a hand');
      const failedTab = page.locator('[data-refund-tab=failed]');
      await expect(failedTab).toHaveAttribute('aria-current', 'page');
      expect(Number(await failedTab.locator('[data-count]').textContent())).toBeGreaterThanOrEqual(2);
      // Other specs make failed refunds meanwhile: after an action, the tab's figure is what the list it loaded again says.
      const failedTotalAfter = async (action: () => Promise<void>) => {
        const answer = page.waitForResponse((r) => r.request().method() === 'GET' && /\/s\/api\/bos\/refunds\?(.*&)?state=failed/.test(r.url()));
        await action();
        return ((await (await answer).json()) as { meta: { total: number } }).meta.total;
      };
      const rowA = page.locator(`[data-refund-row="${first}"]`);
      const rowB = page.locator(`[data-refund-row="${second}"]`);
      await expect(rowA).toContainText('₹10.00');
      await expect(rowA).toContainText('Razorpay');
      await expect(rowA).toContainText('Late delivery');
      await expect(rowA).toContainText(/fully refunded/);
      await expect(rowA).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/);
      await expect(rowA.getByRole('link')).toHaveAttribute('href', `/bos/admin/orders/${id}`);
      await expect(rowB).toContainText('₹5.00');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'refunds-failed', width);

      // Send again: the provider takes it now; the row leaves the failed list.
      const afterRetry = await failedTotalAfter(() => rowA.getByRole('button', { name: 'Send again' }).click());
      await expect(page.locator('[data-refunds-report]')).toHaveText(/^₹10\.00 of order [A-Z]+-\d+ refunded through Razorpay\.$/);
      await expect(rowA).toHaveCount(0);
      await expect(failedTab.locator('[data-count]')).toHaveText(String(afterRetry));

      // Keyboard only: to the row's button, Enter; the dialog says what it will do; the reference is needed.
      const mark = rowB.getByRole('button', { name: 'Mark refunded by hand' });
      await mark.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Mark refunded by hand' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(/This records ₹5\.00 of order [A-Z]+-\d+ as refunded by hand/);
      await page.keyboard.press('Tab'); // from the dialog's Close to the reference
      await expect(dialog.getByLabel('Bank transfer reference (UTR)')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog.getByText("Enter the bank transfer's reference (UTR)")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'refunds-mark-dialog', width);
      await page.keyboard.type('UTR 4455 NEFT');
      const afterMark = await failedTotalAfter(() => page.keyboard.press('Enter'));
      await expect(dialog).toBeHidden();
      await expect(page.locator('[data-refunds-report]')).toHaveText(/^₹5\.00 of order [A-Z]+-\d+ recorded as refunded by hand \(UTR 4455 NEFT\)\.$/);
      await expect(page.locator('[data-refunds-report]')).toBeFocused();
      await expect(rowB).toHaveCount(0);
      await expect(failedTab.locator('[data-count]')).toHaveText(String(afterMark));
      await screenshot(page, 'refunds-done', width);

      // The pending tab is in the address; the order's page lists both refunds as refunded, one by hand.
      await page.locator('[data-refund-tab=pending]').click();
      await expect(page).toHaveURL(/\/bos\/admin\/refunds\?state=pending$/);
      await expect(page.locator('[data-refund-tab=pending]')).toHaveAttribute('aria-current', 'page');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`/bos/admin/orders/${id}`);
      await expect(page.locator('[data-refund=processed]')).toHaveCount(2);
      await expect(page.locator('[data-refund=processed]').last()).toContainText('by hand: UTR 4455 NEFT');
    });
  });
}

/** For looking at: the page as it stands, whole, at this width; and no sideways scroll of the page itself. */
async function screenshot(page: Page, name: string, width: number) {
  mkdirSync('test-results/bos-refunds', { recursive: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `test-results/bos-refunds/${name}-${width}.png`, fullPage: true, scale: 'css' });
}
