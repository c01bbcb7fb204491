import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { apiCall, registerThroughApi } from './support/back-office';
import { awake } from './support/islands';

/** The seeded administrator, Meera Iyer: people:manage, not a super administrator. */
const ADMIN = '9876500003';

/** Phones of this run's own people (the seeded ones keep their roles: other specs sign them in). */
const stamp = String(Date.now()).slice(-8);
const phoneOf = (digit: string) => `${digit}${digit}${stamp}`;

/** A new registered person, signed in on a page of their own; answers that page and their id (found by Meera). */
async function newPerson(browser: Browser, phone: string, name: string) {
  const context = await browser.newContext(test.info().project.use);
  const page = await context.newPage();
  await registerThroughApi(page, phone, name);
  return page;
}

const idOf = async (admin: Page, phone: string) => ((await apiCall(admin, 'GET', `/bos/users?q=${phone}`)).body as { data: { id: number }[] }).data[0]!.id;

async function screenshot(page: Page, name: string) {
  mkdirSync('docs/images', { recursive: true });
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at ${width} px scrolls sideways`).toBe(0);
    await page.screenshot({ path: `docs/images/${name}-${width}.png`, fullPage: true, scale: 'css' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('people and the audit log @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 180_000 });

  test('Meera makes a new user a sales agent, gives them a customer from another agent, blocks a user, then finds those changes in the audit log and exports them', async ({ page, browser }) => {
    const agentName = `Kavya Agent ${stamp}`;
    const customerName = `Lakshmi Customer ${stamp}`;
    const blockedName = `Vikram Blocked ${stamp}`;
    const oldAgentName = `Suresh Agent ${stamp}`;
    const [agentPhone, customerPhone, blockedPhone, oldAgentPhone] = ['7', '8', '9', '6'].map(phoneOf) as [string, string, string, string];
    const agentPage = await newPerson(browser, agentPhone, agentName);
    await newPerson(browser, customerPhone, customerName);
    const blockedPage = await newPerson(browser, blockedPhone, blockedName);
    await newPerson(browser, oldAgentPhone, oldAgentName);

    // Meera; the customer starts with another agent (made so through the calls: the screens' part is below).
    await page.goto('/about');
    await signInThroughApi(page, ADMIN);
    const [oldAgentId, customerId] = [await idOf(page, oldAgentPhone), await idOf(page, customerPhone)];
    expect((await apiCall(page, 'PUT', `/bos/users/${oldAgentId}`, { sales_agent: true })).status).toBe(200);
    expect((await apiCall(page, 'PUT', `/bos/customers/${customerId}/agent`, { agent_id: oldAgentId })).status).toBe(200);

    // Find the new user as one types.
    await page.goto('/bos/admin/people');
    await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
    await awake(page, 'input[name=q]');
    await page.getByLabel('Search by name, phone or email').fill(agentName.toLowerCase());
    await expect(page).toHaveURL(/\?q=kavya\+agent/);
    const rows = page.locator('[data-person-row]');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(agentPhone);
    await screenshot(page, 'bos-people-list');
    await rows.first().getByRole('link', { name: agentName }).click();

    // Make them a sales agent at 3.5%.
    await expect(page.getByRole('heading', { level: 1, name: agentName })).toBeVisible();
    await awake(page, '[data-person-report]');
    const agentCard = page.getByRole('region', { name: 'Sales agent', exact: true });
    await expect(page.getByRole('checkbox', { name: /See orders/ })).toBeDisabled();
    await expect(page.getByText('You can grant only permissions you hold yourself: order:view is not yours to give')).toBeVisible();
    await agentCard.getByRole('checkbox', { name: 'Sales agent' }).check();
    await agentCard.getByLabel('Commission (%)').fill('3.5');
    await agentCard.getByRole('button', { name: 'Save sales agent' }).click();
    await expect(page.locator('[data-person-report]')).toHaveText(`${agentName} is a sales agent now, at 3.5% commission.`);
    await expect(page.locator('[data-badges]')).toContainText('Sales agent');
    await expect(page.locator('[data-recent]')).toContainText('Sales agent standing changed');

    // Give the customer to them, from the other agent: the confirm step says what happens.
    await page.goto(`/bos/admin/people?q=${customerPhone}`);
    await page.locator('[data-person-row]').getByRole('link', { name: customerName }).click();
    await awake(page, '[data-person-report]');
    const customerCard = page.getByRole('region', { name: 'Their sales agent' });
    await expect(customerCard).toContainText(`A customer of ${oldAgentName} on this website.`);
    await customerCard.getByLabel('Sales agent', { exact: true }).selectOption({ label: `${agentName} (${agentPhone})` });
    await customerCard.getByRole('button', { name: 'Give to this agent instead' }).click();
    const confirm = page.getByRole('dialog', { name: 'Give to another sales agent' });
    await expect(confirm).toContainText(`${customerName} moves from ${oldAgentName} to ${agentName}`);
    await confirm.getByRole('button', { name: `Give to ${agentName}` }).click();
    await expect(page.locator('[data-person-report]')).toHaveText(`${customerName} is now a customer of ${agentName} (no longer of ${oldAgentName}).`);
    // The new agent's dashboard has the customer at once.
    const theirs = (await apiCall(agentPage, 'GET', '/agent/customers')).body as { data: { id: number }[] };
    expect(theirs.data.map((c) => c.id)).toEqual([customerId]);

    // Block a user who is signed in elsewhere: their session ends at once.
    await page.goto(`/bos/admin/people?q=${blockedPhone}`);
    await page.locator('[data-person-row]').getByRole('link', { name: blockedName }).click();
    await awake(page, '[data-person-report]');
    await expect(page.locator('[data-sessions]')).toHaveText('signed in on 1 device');
    await page.getByRole('button', { name: `Block ${blockedName}…` }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${blockedName}` });
    await expect(dialog).toContainText('signed out everywhere at once (1 session)');
    await dialog.getByLabel('Why (kept in the audit log)').fill('Orders with fake addresses');
    await dialog.getByRole('button', { name: 'Block and sign out' }).click();
    await expect(page.locator('[data-person-report]')).toHaveText(`${blockedName} is blocked and signed out everywhere.`);
    await expect(page.locator('[data-badges] [data-blocked]')).toBeVisible();
    await expect(page.locator('[data-sessions]')).toHaveText('not signed in anywhere');
    expect((await apiCall(blockedPage, 'GET', '/profile')).status).toBe(401);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'bos-people-user');

    // The audit log, filtered to Meera's changes to people: each of them, newest first, in words.
    await page.goto('/bos/admin/audit');
    await awake(page, 'form[aria-label="Filter the audit log"] select[name=who]');
    await page.getByLabel('Who').selectOption({ label: 'Meera Iyer' });
    await page.getByLabel('About').selectOption({ label: 'User' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/bos\/admin\/audit\?who=\d+&subject=user$/);
    const mine = page.locator('[data-audit-row]').filter({ hasText: stamp });
    await expect(mine).toHaveCount(5);
    await expect(mine.nth(0)).toContainText(`Blocked${`User · ${blockedName}`}Reason: Orders with fake addresses`);
    await expect(mine.nth(0)).toContainText('blocked: no → changed to yes');
    await expect(mine.nth(1)).toContainText(`Given to another sales agent${`User · ${customerName}`}`);
    await expect(mine.nth(1)).toContainText(`sales agent: ${oldAgentName} → changed to ${agentName}`);
    await expect(mine.nth(2)).toContainText(`Sales agent standing changed${`User · ${agentName}`}`);
    await expect(mine.nth(2)).toContainText('commission: 2% → changed to 3.5%');
    await screenshot(page, 'bos-audit');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.startsWith('\uFEFFWhen (IST),Who,Who (id),Action,Subject,Subject (id),Subject name,Order,Change,Reason,Before (JSON),After (JSON)\r\n')).toBe(true);
    const lines = csv.split('\r\n').filter((line) => line.includes(stamp));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain(`Meera Iyer`);
    expect(lines[0]).toContain(`user.blocked,User,`);
    expect(lines[0]).toContain(`blocked: no → yes; sessions ended: 1,Orders with fake addresses`);
    expect(lines[2]).toContain('sales agent: no → yes; commission: 2% → 3.5%');
  });
});
