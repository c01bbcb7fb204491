import { expect, test, type Page } from '@playwright/test';
import { indiaDate } from '../src/lib/india-time';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';

/** The demo agent, Ravi Kumar, with the customers and 90 days of orders the demo seeds for him. */
const AGENT = '9876500002';

test.describe('the sales dashboard', () => {
  test('the demo agent sees figures and the chart, switches the period, finds a customer and places an order for them', async ({ page }) => {
    // A whole morning's journey over five pages and an order: 15 s on a quiet machine, twice that beside another worker.
    test.setTimeout(90_000);
    await signInThroughApi(page, AGENT);
    await page.goto('/account/dashboard');

    // 30 days by default: the seeded orders show as figures, and uPlot draws them.
    const figure = (name: string) => page.locator(`[data-figure=${name}] [data-figure-value]`);
    await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'true');
    const thirty = await page.request.get(`/s/api/agent/summary?${await periodQuery(page)}`).then((r) => r.json());
    expect(thirty.figures.orders.value).toBeGreaterThan(0);
    await expect(figure('orders')).toHaveText(thirty.figures.orders.value.toLocaleString('en-IN'));
    await expect(figure('revenue')).toHaveText(rupees(thirty.figures.revenue.value));
    await expect(figure('commission')).toHaveText(rupees(thirty.figures.commission.value));
    await expect(page.locator('[data-sales-chart] canvas').first()).toBeVisible();
    await expect(page.locator('[data-top-products] li')).not.toHaveCount(0);

    // 7 days: the address, the dates, the figures and the chart's table all follow.
    await page.getByRole('link', { name: '7 days' }).click();
    await expect(page).toHaveURL(/\/account\/dashboard\?period=7d$/);
    await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'true');
    const week = await page.request.get(`/s/api/agent/summary?${await periodQuery(page)}`).then((r) => r.json());
    expect(week.period.days).toBe(7);
    await expect(figure('orders')).toHaveText(week.figures.orders.value.toLocaleString('en-IN'));
    await expect(figure('revenue')).toHaveText(rupees(week.figures.revenue.value));
    await page.getByText('Show as a table').click();
    await expect(page.locator('figure details table tbody tr')).toHaveCount(7);

    // A reload keeps the period; so does a custom range in the address.
    await page.reload();
    await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'true');
    await page.goto('/account/dashboard?from=2026-01-01&to=2026-01-31');
    await expect(page.locator('[data-period]')).toHaveText('Jan 1, 2026 – Jan 31, 2026');

    // Find a customer by part of their name, and open them.
    await page.goto('/account/dashboard');
    await page.getByRole('searchbox', { name: 'Search customers by name or phone' }).fill('lakshmi');
    await expect(page.locator('[data-customer]')).toHaveCount(1);
    await page.locator('[data-customer]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lakshmi Narayanan');
    await expect(page.locator('[data-agent-order]')).not.toHaveCount(0);
    await expect(page.locator('[data-new-order]')).toHaveAttribute('href', /\/account\/dashboard\/customers\/\d+\/order$/);

    // An order of theirs opens with its lines and amounts.
    const customerPage = page.url();
    await page.locator('[data-agent-order]').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order [A-Z]+-\d+$/);
    await expect(page.locator('[data-order-total]')).toBeVisible();

    // A new order for them, to their saved address, cash on delivery: it counts in today's figures at once.
    const today = await page.request.get(`/s/api/agent/summary?${await periodQuery(page, 'today')}`).then((r) => r.json());
    await page.goto(customerPage);
    await page.locator('[data-new-order]').click();
    await expect(page.getByRole('heading', { level: 1, name: 'New order for Lakshmi Narayanan' })).toBeVisible();
    await expect(page.locator('astro-island').filter({ has: page.locator('#place-order') })).not.toHaveAttribute('ssr', '');
    const { name, pack } = await stockedPack(page);
    await page.getByRole('searchbox', { name: 'Find products to add' }).fill(name);
    await page.getByRole('button', { name: `Add ${name}, ${pack}`, exact: true }).click();
    await expect(page.getByRole('list', { name: 'Products in this order' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('heading', { name: /^Order [A-Z]+-\d{6} placed for Lakshmi Narayanan$/ })).toBeVisible();
    const ordernumber = (await page.locator('[data-placed-ordernumber]').textContent())!;

    await page.goto('/account/dashboard?period=today');
    // (The other browser size may be placing its own order for her at the same moment: at least one more.)
    await expect.poll(async () => Number((await figure('orders').textContent())!.replace(/,/g, ''))).toBeGreaterThan(today.figures.orders.value);
    await expect(page.locator('[data-agent-order]').filter({ hasText: ordernumber })).toContainText('by you');
  });

  test("a customer or order that is not the agent's is not found @desktop", async ({ page }) => {
    await signInThroughApi(page, AGENT);
    for (const path of ['/account/dashboard/customers/1', '/account/dashboard/orders/999999', '/account/dashboard/customers/abc']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });

  test('has no accessibility violations @desktop', async ({ page }) => {
    await signInThroughApi(page, AGENT);
    await page.goto('/account/dashboard');
    await expect(page.locator('[data-sales-chart] canvas').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

const rupees = (value: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(value);

/** The from and to of the period the page is showing (or of a preset), as the island asks for it. */
async function periodQuery(page: Page, asked?: string) {
  const url = new URL(page.url());
  if (!asked && url.searchParams.get('from')) return url.search.slice(1);
  const preset = asked ?? url.searchParams.get('period') ?? '30d';
  const back = { today: 0, '7d': 6, '30d': 29 }[preset as 'today'] ?? 0;
  return `from=${indiaDate(new Date(), -back)}&to=${indiaDate()}`;
}

/** A pack in stock, priced past any zone's minimum order and within cash on delivery, as the catalogue lists it. */
async function stockedPack(page: Page) {
  const { data } = await (await page.request.get('/s/api/products?s=price_desc&perPage=48')).json();
  for (const product of data as { product_name: string; packs: { pack_name: string; price: number; in_stock: boolean }[] }[]) {
    const pack = product.packs.find((p) => p.in_stock && p.price >= 150 && p.price <= 1000);
    if (pack) return { name: product.product_name, pack: pack.pack_name };
  }
  throw new Error('no stocked product in the catalogue');
}
