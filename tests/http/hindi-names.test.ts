import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, testPort, type BuiltServer } from './built-server';

/** The catalogue's own names in Hindi on /hi/ pages, English on English ones (docs/languages.md). */
let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer(testPort(28));
}, 300_000);
afterAll(() => server?.close());

const page = async (path: string) => {
  const answer = await fetch(server.base + path, { redirect: 'manual' });
  expect(answer.status, path).toBe(200);
  return answer.text();
};

describe('Hindi names of products, brands and categories', () => {
  it('draws the listing’s products by their Hindi names at /hi/products, by their English ones at /products', async () => {
    // Twice each, interleaved: the page cache keeps each language's page under its own address.
    for (let round = 0; round < 2; round++) {
      const hindi = await page('/hi/products?q=toor');
      expect(hindi).toContain('देसी हार्वेस्ट अरहर (तूर) दाल');
      expect(hindi).not.toContain('Desi Harvest Toor Dal');
      const english = await page('/products?q=toor');
      expect(english).toContain('Desi Harvest Toor Dal');
      expect(english).not.toContain('देसी हार्वेस्ट अरहर (तूर) दाल');
    }
  });

  it('draws a product page’s name, packs and breadcrumbs in Hindi at /hi/products/{slug}', async () => {
    const hindi = await page('/hi/products/desi-harvest-toor-dal');
    expect(hindi).toContain('देसी हार्वेस्ट अरहर (तूर) दाल');
    expect(hindi).toContain('दालें और दलहन');
    expect(hindi).toContain('1 किलो');
    const english = await page('/products/desi-harvest-toor-dal');
    expect(english).toContain('Desi Harvest Toor Dal');
    expect(english).toContain('Dals &amp; Pulses');
    expect(english).not.toContain('देसी हार्वेस्ट');
  });
});
