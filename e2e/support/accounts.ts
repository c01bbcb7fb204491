import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { awake } from './islands';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One sign-in of a person at a time across the run's workers: the dev outbox shows a person's newest code,
 * so two workers signing the same seeded person in at once take each other's codes and both wait out their
 * retries. A lock directory per shop and address (mkdir is atomic); one left by a worker that died is taken
 * over after 30 s, and the wait is bounded.
 */
async function oneAtATime<T>(address: string, work: () => Promise<T>): Promise<T> {
  return exclusively(`sign-in-${address}`, work);
}

/**
 * Work that no other worker may do at the same time (a lock directory per shop and name; mkdir is atomic): the
 * page builder's specs that change the website's one settings draft, say. A lock older than `staleMs` was left by
 * a worker that died and is taken over; the wait is bounded by `waitMs`.
 */
export async function exclusively<T>(name: string, work: () => Promise<T>, { staleMs = 30_000, waitMs = 60_000 } = {}): Promise<T> {
  const lock = join(tmpdir(), `e2e-${process.env.E2E_PORT ?? '4399'}-${name.replace(/\W/g, '_')}`);
  for (const deadline = Date.now() + waitMs; ; ) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > staleMs || Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      await pause(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A new shopper account (no role) with its own phone, registered and signed in through the screens. */
export async function register(page: Page, phone: string, name: string) {
  await page.goto('/auth/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(`${phone}@example.com`);
  await page.getByLabel('Phone').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  const { messages } = await (await page.request.get(`/s/api/dev/outbox?to=${phone}`)).json();
  await page.getByLabel('One-time code').fill(/\b(\d{6})\b/.exec(messages[0].text)![1]!);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  // The tap waits for the form's island (or its 3 s fallback): on a machine busy with other suites, seconds.
  await expect(page).not.toHaveURL(/\/auth\//, { timeout: 15_000 });
}

/**
 * Signs a seeded person in through the screens (mobile number or email, then the code from the dev outbox)
 * and waits for the page after sign-in. The phone and desktop projects sign the same person in at once and
 * only a session's newest code works, so a code that crossed with the other project's is asked for again.
 */
export async function signIn(page: Page, address: string, { from = '/auth/login' } = {}) {
  return oneAtATime(address, () => signInNow(page, address, from));
}

async function signInNow(page: Page, address: string, from: string) {
  // From '' is the login screen the page is on (a guard's redirect, which keeps where to return to).
  const start = from || page.url();
  for (let attempt = 1; ; attempt++) {
    if (from || attempt > 1) await page.goto(start);
    // A slow verify that went through after all: the sign-in page sends a signed-in person on.
    if (attempt > 1 && !new URL(page.url()).pathname.startsWith('/auth/')) return;
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    // The forms' wanted-path island remembers and forgets the page to return to once awake: a person reading
    // their SMS gives it that time, a test waits for it.
    await awake(page, 'input[name="redirect"]');
    await page.getByLabel('Mobile number or email').fill(address);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    const { messages } = await (await page.request.get(`/s/api/dev/outbox?to=${encodeURIComponent(address)}`)).json();
    await awake(page, 'input[name="redirect"]');
    await page.getByLabel('One-time code').fill(/\b(\d{6})\b/.exec(messages[0].text)![1]!);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    try {
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { waitUntil: 'load', timeout: attempt < 3 ? 5_000 : 15_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** The shop's origin, as the sign-in calls send it (`X-Origin`): the test's baseURL. */
function shopOrigin(): string {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('signInThroughApi: the project has no baseURL');
  return new URL(base).origin;
}

/** The calls of the sign-in screens, made by the page's own request client (which shares its context's cookies). */
async function apiCalls(page: Page) {
  const origin = shopOrigin();
  const started = await page.request.get('/s/api/cookie', { headers: { 'X-Origin': origin } });
  expect(started.ok(), 'GET /s/api/cookie').toBe(true);
  const headers = async () => {
    const xsrf = (await page.context().cookies(origin)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    return { 'Content-Type': 'application/json', 'X-Origin': origin, 'X-XSRF-TOKEN': decodeURIComponent(xsrf) };
  };
  const post = async (path: string, body: unknown) => page.request.post(`/s/api${path}`, { headers: await headers(), data: body });
  const codeFor = async (address: string) => {
    const { messages } = await (await page.request.get(`/s/api/dev/outbox?to=${encodeURIComponent(address)}`)).json();
    return /\b(\d{6})\b/.exec(messages[0].text)![1]!;
  };
  return { post, codeFor };
}

/**
 * Signs a person in through the API, as the sign-in screens' calls do (code requested, read from the demo
 * outbox, verified): for a test that needs someone signed in but is not about signing in (auth.spec.ts and the
 * specs named in docs/testing.md keep going through the screens). A new session each time, in the page's
 * context; the page is not navigated. A few hundred milliseconds where the screens take seconds, and the lock
 * each person's sign-ins share across workers (oneAtATime) is held for those milliseconds only.
 */
export async function signInThroughApi(page: Page, address: string): Promise<void> {
  const { post, codeFor } = await apiCalls(page);
  await oneAtATime(address, async () => {
    const sent = await post('/auth/login', { identifier: address });
    expect(sent.status(), `code for ${address}: ${await sent.text()}`).toBe(200);
    const verified = await post('/auth/verify', { code: await codeFor(address) });
    expect(verified.status(), `sign-in of ${address}: ${await verified.text()}`).toBe(200);
  });
}

/** A POST to the shop's API with the page context's session and anti-forgery token (the page need not be on the shop). */
export async function postToApi(page: Page, path: string, body: unknown) {
  const { post } = await apiCalls(page);
  return post(path, body);
}

/** A new shopper account (no role) with its own phone, registered and signed in through the API (the screens' sign-up is auth's and the forms' subject). */
export async function registerWithApi(page: Page, phone: string, name: string): Promise<void> {
  const { post, codeFor } = await apiCalls(page);
  const sent = await post('/auth/register', { name, email: `${phone}@example.com`, phone });
  expect(sent.status(), `registering ${phone}: ${await sent.text()}`).toBe(200);
  const verified = await post('/auth/verify', { code: await codeFor(phone) });
  expect(verified.status(), `verifying ${phone}: ${await verified.text()}`).toBe(200);
}
