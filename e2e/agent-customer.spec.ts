import { expect, test } from '@playwright/test';
import { indiaDate } from '../src/lib/india-time';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { awake } from './support/islands';

/** The demo agent, Ravi Kumar, with the customers and 90 days of orders the demo seeds for him. */
const AGENT = '9876500002';

/** A date as the date field shows it ('MMM D, YYYY'). */
const shown = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('Custom opens prefilled with the range of the period being shown @desktop', async ({ page }) => {
  await signInThroughApi(page, AGENT);
  await page.goto('/account/dashboard?period=7d');
  await awake(page, 'nav[aria-label="Period"]');
  const now = new Date();
  const today = indiaDate(now);
  const daysBack = (n: number) => indiaDate(now, -n);
  const custom = page.getByRole('form', { name: 'Custom period' });

  for (const [preset, from] of [['This month', `${today.slice(0, 8)}01`], ['30 days', daysBack(29)], ['7 days', daysBack(6)]] as const) {
    await page.getByRole('link', { name: preset }).click();
    await expect(page.getByRole('link', { name: preset })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('button', { name: 'Custom' }).click();
    await expect(custom.getByLabel('From')).toHaveValue(shown(from));
    await expect(custom.getByLabel('To')).toHaveValue(shown(today));
    // Closed again, so that the next preset's link is the current one.
    await page.getByRole('button', { name: 'Custom' }).click();
    await expect(custom).toHaveCount(0);
  }
});

test('a customer’s page counts their orders as its list does, says what each figure counts, and has no accessibility violation @desktop', async ({ page }) => {
  await signInThroughApi(page, AGENT);
  await page.goto('/account/dashboard');
  // A customer no other test orders for: the dashboard's spec places an order for Lakshmi Narayanan, and one
  // landing between this page's two counts would make them differ.
  await page.getByRole('searchbox', { name: 'Search customers by name or phone' }).fill('kavita');
  await expect(page.locator('[data-customer]')).toHaveCount(1);
  await page.locator('[data-customer]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kavita Joshi');
  const customerPage = page.url();
  // No accessibility violation of any rule or impact on the agent's view of a customer.
  expect(await axeViolations(page)).toEqual([]);

  const listTotal = async () => Number(/Total: (\d+)/.exec((await page.getByRole('navigation', { name: 'Pagination' }).textContent())!)![1]);
  const all = await listTotal();
  expect(all).toBeGreaterThan(0);
  await expect(page.locator('[data-customer-orders]')).toHaveText(String(all));
  await expect(page.locator('[data-orders-definition]')).toContainText('in any status');
  // The sales figure is the dashboard's, said as such, and no larger than the list.
  const sold = Number(/in (\d+) orders?/.exec((await page.locator('[data-customer-sold]').textContent())!)![1]);
  expect(sold).toBeLessThanOrEqual(all);

  // A status filter narrows the list, never the customer's count.
  await page.goto(`${customerPage}?status=cancelled`);
  await expect(page.locator('[data-customer-orders]')).toHaveText(String(all));
});
