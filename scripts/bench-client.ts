/**
 * The benchmarks' browser: one demo person signed in to the in-process API through the dev outbox's code, then
 * calls with their cookies, the anti-forgery token and the page origin, as the storefront's client sends them.
 */
import type { createApp } from '../src/server/app';

export interface BenchClient {
  call(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
}

export async function signedInClient(app: ReturnType<typeof createApp>, phone: string): Promise<BenchClient> {
  const cookies = new Map<string, string>();
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
    headers.set('X-Origin', 'http://localhost');
    const response = await app.fetch(new Request(`http://localhost/s/api${path}`, { ...init, headers }));
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return response;
  }
  const post = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  await call('/cookie');
  const asked = await post('/auth/login', { identifier: phone });
  if (!asked.ok) throw new Error(`sign-in for ${phone} answered ${asked.status}: ${await asked.text()}`);
  // The outbox answers the newest message first.
  const { messages } = (await (await call(`/dev/outbox?to=${phone}`)).json()) as { messages: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  const verified = await post('/auth/verify', { code });
  if (!verified.ok) throw new Error(`verifying the code answered ${verified.status}: ${await verified.text()}`);
  return { call, post };
}
