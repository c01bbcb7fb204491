import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { registerThroughApi } from './support/back-office';

const ADMIN = '9876500003';

/** A call of the page builder's API from the page, as the signed-in staff member. */
async function call(page: import('@playwright/test').Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ([m, p, b]) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const init: RequestInit = { method: m, headers: { 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf }, ...(b === undefined ? {} : { body: JSON.stringify(b) }) };
      const r = await fetch(`/s/api${p}`, init);
      return { status: r.status, body: await r.json() };
    },
    [method, path, body] as const,
  );
}

test.describe('the page builder’s preview @desktop', () => {
  test.describe.configure({ timeout: 180_000 });

  test('draws a draft with the shop’s own page, private, never stored or indexed; a shopper gets 403 and the path stays 404', async ({ page, browser }) => {
    await page.goto('/auth/login');
    await signIn(page, ADMIN, { from: '' });
    const url = `/preview-${Date.now().toString(36)}`;
    const created = await call(page, 'POST', '/pages', { url, title: 'Monsoon preview' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const saved = await call(page, 'PUT', `/pages/${id}/draft`, {
      version: created.body.version,
      document: { url, title: 'Monsoon preview', components: [{ name: 'Intro', type: 'rich_html', data: { html: '<h2>Rainy day snacks</h2><p>Only in the draft.</p>' } }] },
    });
    expect(saved.status).toBe(200);

    const answer = await page.goto(`/page-builder/preview/${id}`);
    expect(answer!.status()).toBe(200);
    const headers = answer!.headers();
    expect(headers['cache-control']).toBe('private, no-store');
    expect(headers['x-robots-tag']).toBe('noindex');
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { name: 'Rainy day snacks' })).toBeVisible();
    // The shop's own frame around it: its header and the page's box, as at a live page's path.
    await expect(page.locator(`[data-page="${url}"]`)).toBeVisible();
    // A change to the draft shows at once: the preview is rendered for each request, never kept.
    const detail = await call(page, 'GET', `/pages/${id}`);
    await call(page, 'PUT', `/pages/${id}/draft`, { version: detail.body.version, document: { url, title: 'Monsoon preview', components: [{ name: 'Intro', type: 'rich_html', data: { html: '<h2>Monsoon snacks</h2>' } }] } });
    const again = await page.request.get(`/page-builder/preview/${id}`);
    expect(again.headers()['cache-control']).toBe('private, no-store');
    expect(await again.text()).toContain('Monsoon snacks');

    // Shoppers never see the draft: its path is a 404, and the preview is refused.
    const shopper = await browser.newContext();
    const shopperPage = await shopper.newPage();
    expect((await shopperPage.request.get(url)).status()).toBe(404);
    await registerThroughApi(shopperPage, `6${String(Date.now()).slice(-9)}`, 'Preview Shopper');
    const refused = await shopperPage.request.get(`/page-builder/preview/${id}`);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).not.toContain('Rainy day snacks');
    await shopper.close();

    await call(page, 'DELETE', `/pages/${id}`);
  });
});
