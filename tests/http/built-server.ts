/**
 * The built shop over real HTTP, for tests of what the HTTP layer does: `scripts/serve.mjs`'s serveThrowaway (a
 * fresh seeded SQLite database, builds first if the build is stale) in a child process, and a raw client.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const serveModule = pathToFileURL(resolve(import.meta.dirname, '../../scripts/serve.mjs')).href;
/** HTTP_TEST_PORT (default 4390) and the ports after it: one per test file that starts a server. */
export const testPort = (offset: number) => Number(process.env.HTTP_TEST_PORT ?? 4390) + offset;

export interface BuiltServer {
  base: string;
  port: number;
  /** The server process's resident memory, in kB (from /proc). */
  rssKb(): number;
  /** What the server process has printed on stdout so far (its log lines among it). */
  output(): string;
  close(): void;
}

/** Starts the built shop on 127.0.0.1:port and waits until its API answers; `databaseFile` names its new SQLite file, `env` adds settings. */
export async function startBuiltServer(port: number, { databaseFile, env = {} }: { databaseFile?: string; env?: Record<string, string> } = {}): Promise<BuiltServer> {
  const script = `const { serveThrowaway } = await import(${JSON.stringify(serveModule)});
const shop = await serveThrowaway(${port}, { databaseFile: ${JSON.stringify(databaseFile)} });
process.once('SIGTERM', () => { shop.close(); process.exit(0); });
console.log('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, SEED_DEMO: 'true', ...env } });
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ready());
    child.once('exit', (code) => fail(new Error(`the built server exited (${code}) before it listened`)));
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    const answer = await fetch(`${base}/s/api/init`).catch(() => null);
    if (answer?.ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    port,
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]),
    output: () => output,
    close: () => child.kill('SIGTERM'),
  };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with exactly the headers and body given (no defaults added), answered in full. */
export function rawRequest(base: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const request = http.request(`${base}${path}`, { method: options.method ?? 'POST', headers: options.headers ?? {}, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    request.on('error', fail);
    request.setTimeout(20_000, () => request.destroy(new Error(`no answer to ${path} within 20 s`)));
    request.end(options.body);
  });
}

/** A browser-like visitor over HTTP: keeps cookies and sends the page origin the shop's client sends. */
export class HttpVisitor {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  get xsrf(): string {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
  }

  cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  keep(answer: RawAnswer): RawAnswer {
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value && !/max-age=0/i.test(line)) this.cookies.set(pair.slice(0, eq), value);
      else this.cookies.delete(pair.slice(0, eq));
    }
    return answer;
  }

  /** An API call as the shop's own client makes it. */
  async api(path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<RawAnswer> {
    const headers: Record<string, string> = { ...this.cookieHeader(), 'x-origin': this.base, ...extraHeaders };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'x-xsrf-token': this.xsrf });
    return this.keep(await rawRequest(this.base, `/s/api${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  }

  /** A form post from a page of the shop (same origin), urlencoded; a header given as '' is left out. */
  async form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<RawAnswer> {
    const all = { ...this.cookieHeader(), origin: this.base, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', ...headers };
    return this.keep(
      await rawRequest(this.base, path, {
        headers: Object.fromEntries(Object.entries(all).filter(([, value]) => value !== '')),
        body: new URLSearchParams(fields).toString(),
      }),
    );
  }

  async cart(): Promise<{ pincode: string | null; offercode: string | null; quantity: number }> {
    return JSON.parse((await this.api('/cart')).body);
  }
}
