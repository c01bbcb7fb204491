import { afterEach, describe, expect, it } from 'vitest';
import { connectionAfter, isUnreachable, startConnection, type ConnectionState } from './connection';
import { $connection, $online, reportCall, setWaiting, trackedFetch, watchNavigator } from './connection-store';

const start: ConnectionState = startConnection(true);

describe('the connection rules', () => {
  it('is online when the browser says so and no real call has failed since the last success', () => {
    expect(start.online).toBe(true);
    const failed = connectionAfter(start, { type: 'call', reached: false });
    expect(failed.online).toBe(false);
    // The browser's own word that the network is back is not enough: a real call must succeed.
    expect(connectionAfter(failed, { type: 'navigator', online: true }).online).toBe(false);
    expect(connectionAfter(failed, { type: 'call', reached: true }).online).toBe(true);
  });

  it('is offline whenever the browser says it is, whatever the last call did', () => {
    const down = connectionAfter(start, { type: 'navigator', online: false });
    expect(down.online).toBe(false);
    expect(connectionAfter(down, { type: 'call', reached: true }).online).toBe(false);
    expect(startConnection(false).online).toBe(false);
  });

  it('counts the sales waiting and refused, for the header\'s badge', () => {
    const counted = connectionAfter(start, { type: 'queue', waiting: 3, refused: 1 });
    expect(counted).toMatchObject({ online: true, waiting: 3, refused: 1 });
  });

  it('takes a network failure or a gateway\'s 502, 503, 504 as unreachable; any other answer as reached', () => {
    expect([200, 201, 400, 401, 409, 422, 429, 500, 502, 503, 504].map((status) => isUnreachable(new Response(null, { status })))).toEqual([
      false, false, false, false, false, false, false, false, true, true, true,
    ]);
  });
});

/** A navigator and window stand-in: its online flag, and the online/offline listeners the store adds. */
function fakeBrowser(online: boolean) {
  const listeners = new Map<string, () => void>();
  return {
    navigator: { onLine: online },
    target: {
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
    },
    fire(type: 'online' | 'offline') {
      this.navigator.onLine = type === 'online';
      listeners.get(type)?.();
    },
    get listening() {
      return listeners.size;
    },
  };
}

describe('the connection store', () => {
  let detach: () => void = () => {};
  afterEach(() => detach());

  it('follows the browser\'s online and offline events and the results of real calls', () => {
    const browser = fakeBrowser(true);
    detach = watchNavigator(browser.target, browser.navigator);
    reportCall(true);
    expect($online.get()).toBe(true);
    browser.fire('offline');
    expect($online.get()).toBe(false);
    browser.fire('online');
    reportCall(false);
    expect($online.get()).toBe(false);
    reportCall(true);
    expect($online.get()).toBe(true);
    detach();
    expect(browser.listening).toBe(0);
  });

  it('a tracked fetch reports each call: a thrown fetch or a 503 is offline, a 409 is online', async () => {
    const browser = fakeBrowser(true);
    detach = watchNavigator(browser.target, browser.navigator);
    const answers: Array<() => Promise<Response>> = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => new Response('{}', { status: 409 }),
      async () => new Response('', { status: 503 }),
    ];
    const fetch = trackedFetch(() => answers.shift()!());
    await expect(fetch('/s/api/pos/sales')).rejects.toThrow('Failed to fetch');
    expect($online.get()).toBe(false);
    expect((await fetch('/s/api/pos/sales')).status).toBe(409);
    expect($online.get()).toBe(true);
    expect((await fetch('/s/api/pos/sales')).status).toBe(503);
    expect($online.get()).toBe(false);
  });

  it('keeps the waiting count it is given', () => {
    setWaiting(4, 2);
    expect($connection.get()).toMatchObject({ waiting: 4, refused: 2 });
  });
});
