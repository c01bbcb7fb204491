import { expect, type Page } from '@playwright/test';

/**
 * Holds every request for the islands' renderer (React) until `release()`, so the page stays unhydrated. For
 * islands that hydrate on load, pass `reload`: the page is loaded again with the renderer held from the start
 * (Playwright serves no cached copy while it routes).
 */
export async function holdHydration(page: Page, { reload = false } = {}): Promise<() => void> {
  const renderer = await page.locator('astro-island[renderer-url]').first().getAttribute('renderer-url');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${renderer}`, async (route) => {
    await released;
    await route.continue();
  });
  if (reload) await page.reload();
  return release;
}

/**
 * Adds one in-stock product (from the first warehouse) to the cart from the listing and opens 'Cart Summary';
 * answers the product and the open panel.
 */
export async function oneInCartPanelOpen(page: Page) {
  const body = await (await page.request.get('/s/api/products?perPage=24&s=price_desc')).json();
  const product = body.data.find((p: { packs: { in_stock: boolean; warehouse_id: number }[] }) => p.packs[0]!.in_stock && p.packs[0]!.warehouse_id === 1) as { product_name: string };
  await page.goto('/products?s=price_desc');
  const card = page.locator('[data-product-grid] article').filter({ has: page.getByRole('heading', { name: product.product_name, exact: true }) });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card.locator('output')).toHaveText('1');
  await page.locator('[data-cart-button]').filter({ visible: true }).click();
  const panel = page.getByRole('dialog', { name: 'Cart Summary' });
  await expect(panel).toBeVisible();
  return { product, panel };
}

/**
 * Waits until the island holding `inside` has hydrated, for tests of the scripted path: a tap before that is the
 * plain form's (which the no-JavaScript tests cover). Astro drops the island's `ssr` attribute as soon as it has
 * asked React to hydrate, but React hydrates in a transition, later: a select changed in between keeps its new
 * value in the page while React, which starts tracking the value from what it finds, never hears of the change and
 * puts the old one back on its next render. So this also waits for React's root to have committed its hydration.
 */
export async function awake(page: Page, inside: string) {
  const island = page.locator('astro-island').filter({ has: page.locator(inside) }).first();
  await expect(island).not.toHaveAttribute('ssr', '');
  await expect
    .poll(() =>
      island.evaluate((el) => {
        const key = Object.keys(el).find((k) => k.startsWith('__reactContainer$'));
        const root = key ? (el as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key] : undefined;
        return root?.stateNode?.current?.memoizedState?.isDehydrated === false;
      }),
    )
    .toBe(true);
}

/** Waits until every animation inside `selector` (a panel sliding in) has finished, so boxes measure as they rest. */
export async function settled(page: Page, selector: string) {
  await page.locator(selector).first().evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/**
 * Waits for the client router's view transition to end: while it runs, its snapshots cover the page, so a point
 * on the page hits the transition's overlay rather than the control drawn there.
 */
export async function transitionEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => (a.effect as KeyframeEffect | null)?.pseudoElement?.startsWith('::view-transition'))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
