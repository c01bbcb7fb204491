import { expect, test } from '@playwright/test';

// What every catalogue page carries before any script runs: these grow with each card and each font file.
test.describe('page weight', () => {
  test("prices load no extra font file: only the latin files of the site's font are fetched", async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    await expect(page.getByRole('region', { name: 'Popular this week' }).getByRole('article').first()).toContainText('₹');
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((path) => !/\/inter-latin-\d+-normal\.[\w-]+\.woff2$/.test(path))).toEqual([]);
  });

  test("a card's Add to Cart island carries only the pack the card offers, by its ids as its form posts them @desktop", async ({ request }) => {
    const html = await (await request.get('/products')).text();
    const islands = [...html.matchAll(/<astro-island[^>]*component-url="[^"]*AddToCart[^"]*"[^>]*props="([^"]*)"/g)].map((m) =>
      m[1]!.replaceAll('&quot;', '"'),
    );
    expect(islands).toHaveLength(24);
    for (const props of islands) {
      expect(props).toMatch(/^\{"pack":\[0,"\d+:\d+"\],("soldOut":\[0,true\],)?"productName":/);
      expect(props).not.toContain('pack_name');
      expect(props).not.toContain('"packs"');
    }
  });
});
