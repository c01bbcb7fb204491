import { expect, test, type Page } from '@playwright/test';
import { startProductionServer } from './support/production-server';
import { rawRequest, type RawAnswer } from './support/raw-http';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const header = (answer: RawAnswer, name: string) => answer.headers.get(name)?.join(', ');

/** A policy as a map of directive to its sources. */
function directives(policy: string | undefined): Map<string, string[]> {
  expect(policy, 'a Content-Security-Policy header').toBeTruthy();
  return new Map(policy!.split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...sources]) => [name!, sources]));
}

/**
 * Collects every CSP violation the page's documents report (as `directive blocked what (where)`), then every
 * console message about the policy.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`));
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)), ...console];
}

/** Scripts in the document that would run and carry their code inline (data blocks such as JSON do not run). */
const inlineScripts = (page: Page) =>
  page.evaluate(() => [...document.scripts].filter((s) => !s.src && ['', 'module', 'text/javascript'].includes(s.type)).map((s) => s.textContent ?? ''));

/** The island runtime files a page loads with classic scripts, by name (`astro-island`, `client-interaction`, …). */
const runtimeScripts = (page: Page) =>
  page.evaluate(() =>
    [...document.scripts]
      .filter((s) => s.src && !s.type && !s.async && !s.defer)
      .map((s) => /\/_astro\/([a-z-]+)\.[\w-]+\.js$/.exec(new URL(s.src).pathname)?.[1] ?? s.src),
  );

/** script-src: this origin only; no page carries an inline script (the island runtime is files too). */
const SCRIPT_POLICY = ["'self'"];

test.describe('security headers', () => {
  test('pages carry a policy that allows scripts from this origin only, and the frame, form, base and object rules @desktop', async () => {
    for (const path of ['/', '/products', '/auth/login', '/no-such-page', '/%FF']) {
      const policy = directives(header(await rawRequest(PORT, `GET ${path} HTTP/1.1`), 'content-security-policy'));
      expect(policy.get('script-src'), path).toEqual(SCRIPT_POLICY);
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
      expect(policy.get('base-uri'), path).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), path).toEqual(["'self'"]);
      expect(policy.get('form-action'), path).toEqual(["'self'"]);
      expect(policy.get('img-src'), path).toEqual(["'self'", 'data:', 'https:']);
      // No error reporting is configured in this build: nothing but this origin may be called.
      expect(policy.get('connect-src'), path).toEqual(["'self'"]);
      expect(policy.has('worker-src'), path).toBe(false);
    }
  });

  test('every answer says nosniff and its referrer policy; catalogue pages without a session are shared, other pages and init private and never stored; built assets stay immutable @desktop', async ({ request }) => {
    const home = await rawRequest(PORT, 'GET / HTTP/1.1');
    const asset = /<script type="module" src="(\/_astro\/[^"]+\.js)"/.exec(home.body)?.[1];
    expect(asset, 'a built script on the home page').toBeTruthy();
    const product = (await (await request.get('/s/api/products?perPage=1')).json()).data[0].slug;
    const shared = ['/', '/products', `/products/${product}`];
    const personal = ['/auth/login', '/no-such-page', '/%FF', '/s/api/init'];
    const pages = [...shared, '/auth/login', '/no-such-page', '/%FF'];
    for (const path of [...pages, '/s/api/init', '/s/api/products?perPage=1', asset!, '/favicon.svg']) {
      const answer = path === '/' ? home : await rawRequest(PORT, `GET ${path} HTTP/1.1`);
      expect(header(answer, 'x-content-type-options'), path).toBe('nosniff');
      expect(header(answer, 'referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(header(answer, 'strict-transport-security'), `${path}: no HSTS outside production`).toBeUndefined();
      expect(header(answer, 'content-security-policy'), path).toBeTruthy();
    }
    // A request without cookies: the catalogue is the same for everyone (src/lib/cache-policy.ts).
    for (const path of shared) expect(header(await rawRequest(PORT, `GET ${path} HTTP/1.1`), 'cache-control'), path).toBe('public, s-maxage=60, stale-while-revalidate=600');
    for (const path of personal) expect(header(await rawRequest(PORT, `GET ${path} HTTP/1.1`), 'cache-control'), path).toBe('private, no-store');
    expect(header(await rawRequest(PORT, `GET ${asset} HTTP/1.1`), 'cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('a shopper journey with islands logs no policy violation and meets no inline script: the island runtime is files', async ({ page }) => {
    const violations = await watchViolations(page);
    const scriptSrc = directives((await page.request.get('/')).headers()['content-security-policy']).get('script-src')!;
    expect(scriptSrc).toEqual(SCRIPT_POLICY);
    await page.goto('/');
    expect(await page.locator('astro-island').count(), 'islands on the home page').toBeGreaterThan(0);
    expect(await inlineScripts(page)).toEqual([]);
    expect((await runtimeScripts(page)).sort()).toEqual(['astro-island', 'client-interaction']);
    // The hero becomes a Swiper carousel on the first interaction with it (Swiper's chunk loads then).
    await page.locator('[data-block="hero"]').getByRole('link').first().focus();
    await expect(page.locator('[data-block="hero"]')).toHaveClass(/swiper-initialized/);
    await page.mouse.wheel(0, 1500);

    // The client router swaps to the listing inside the same document.
    await page.locator('a[href="/products"]').filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('[data-product-grid] article').first()).toBeVisible();
    expect(await inlineScripts(page)).toEqual([]);

    // A product page, and add to cart through its island (hydrated on this first tap).
    await page.locator('[data-product-grid] article a[href^="/products/"]').first().click();
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
    expect(await inlineScripts(page)).toEqual([]);
    const add = page.locator('main').getByRole('button', { name: 'Add to Cart' }).first();
    await add.click();
    await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
    await expect(page.locator('main').getByRole('group', { name: /^Quantity of/ }).first().locator('output')).toHaveText('1');

    // A content page with carousels and a form, loaded afresh, then the sign-in screen and its form post.
    await page.goto('/festive');
    expect(await inlineScripts(page)).toEqual([]);
    await page.goto('/auth/login');
    expect(await inlineScripts(page)).toEqual([]);
    // Sign-in's islands hydrate on load: Astro's client:load comes as a file as well.
    expect(await runtimeScripts(page)).toContain('client-load');
    await page.getByLabel('Mobile number or email').fill('9876500009');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('alert').or(page.getByRole('heading', { level: 1, name: 'Enter your code' })).first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('a script that reaches a page anyway does not run: inline, event attribute or data: URL @desktop', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.route('**/products', async (route) => {
      const response = await route.fetch();
      const injected = '<script>window.injected = "inline"</script><img src="/nope.png" onerror="window.injected = \'handler\'"><script src="data:text/javascript,window.injected=%22data%22"></script>';
      await route.fulfill({ response, body: (await response.text()).replace('</main>', `${injected}</main>`) });
    });
    await page.goto('/products');
    const reported = async () => (await violations()).filter((v) => / blocked /.test(v)).map((v) => v.replace(/ \(.*\)$/, ''));
    await expect.poll(reported).toEqual(['script-src-elem blocked inline', 'script-src-attr blocked inline', 'script-src-elem blocked data']);
    expect(await page.evaluate(() => (window as unknown as { injected?: string }).injected)).toBeUndefined();
  });
});

test.describe('in production @desktop', () => {
  let server: Awaited<ReturnType<typeof startProductionServer>>;
  test.beforeAll(async () => {
    server = await startProductionServer();
  });
  test.afterAll(() => server?.stop());

  test('every answer carries HSTS and every cookie the shop sets is Secure', async () => {
    const { port } = server;
    for (const path of ['/', '/s/api/init', '/favicon.svg', '/no-such-page']) {
      expect(header(await rawRequest(port, `GET ${path} HTTP/1.1`), 'strict-transport-security'), path).toBe('max-age=31536000');
    }
    const cookies: string[] = [];
    // A session and its anti-forgery token (the API's cookies).
    const session = await rawRequest(port, 'GET /s/api/cookie HTTP/1.1');
    cookies.push(...(session.headers.get('set-cookie') ?? []));
    const jar = cookies.map((c) => c.split(';')[0]).join('; ');
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(jar)?.[1];
    expect(xsrf, 'an anti-forgery token').toBeTruthy();
    // A refused add-to-cart form post leaves a one-time message (Astro's cookie) ...
    const form = `xsrf=${xsrf}&pack=0:0&return=/`;
    const post = await rawRequest(port, 'POST /cart/add HTTP/1.1', {
      Origin: `http://localhost:${port}`,
      Cookie: jar,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': String(Buffer.byteLength(form)),
    }, form);
    expect(post.status).toBe(303);
    const flash = (post.headers.get('set-cookie') ?? []).find((c) => c.startsWith('flash='));
    expect(flash, 'the one-time message cookie').toBeTruthy();
    cookies.push(...(post.headers.get('set-cookie') ?? []));
    // ... which the next page takes, deleting it.
    const next = await rawRequest(port, 'GET / HTTP/1.1', { Cookie: `${jar}; ${flash!.split(';')[0]}` });
    const deleted = (next.headers.get('set-cookie') ?? []).find((c) => c.startsWith('flash='));
    expect(deleted, 'the message cookie, deleted').toBeTruthy();
    cookies.push(...(next.headers.get('set-cookie') ?? []));

    expect(cookies.map((c) => c.split('=')[0])).toEqual(expect.arrayContaining(['__Host-sid', 'XSRF-TOKEN', 'flash']));
    for (const cookie of cookies) expect(cookie, cookie.split('=')[0]).toMatch(/;\s*Secure(;|$)/i);
  });
});
