import { afterEach, describe, expect, it, vi } from 'vitest';
import { $connection, reportCall } from './connection-store';
import { SYNC, startSync } from './sync';

/** The parts of the outbox and the catalogue the sync drives, recording what it asked of them. */
function fakes() {
  const asked: string[] = [];
  const outbox = {
    flush: vi.fn(async ({ force = false }: { force?: boolean } = {}) => {
      asked.push(force ? 'flush!' : 'flush');
      return { sent: [], refused: [], stopped: null };
    }),
    counts: async () => ({ waiting: 3, refused: 1 }),
  };
  const catalogue = {
    refresh: vi.fn(async () => {
      asked.push('refresh');
      return { full: false, packs: 0, removed: 0 };
    }),
  };
  const listeners: Array<{ type: string; fn: () => void }> = [];
  const browser = {
    target: {
      addEventListener: (type: string, fn: () => void) => listeners.push({ type, fn }),
      removeEventListener: (type: string, fn: () => void) => {
        const at = listeners.findIndex((l) => l.type === type && l.fn === fn);
        if (at >= 0) listeners.splice(at, 1);
      },
    },
    nav: { onLine: true },
    fire(type: 'online' | 'offline') {
      browser.nav.onLine = type === 'online';
      listeners.filter((l) => l.type === type).forEach((l) => l.fn());
    },
    listening: () => listeners.length,
  };
  const send = async () => new Response('{}');
  return { asked, outbox, catalogue, browser, send };
}

describe('the till\'s sync', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('at start: shows the counts kept, sends what waits and refreshes the catalogue', async () => {
    vi.useFakeTimers();
    const f = fakes();
    stop = startSync({ ...f.browser, outbox: f.outbox, catalogue: f.catalogue, send: f.send, tillId: 4 });
    await vi.advanceTimersByTimeAsync(0);
    expect(f.asked).toEqual(['flush!', 'refresh']);
    expect(f.catalogue.refresh).toHaveBeenCalledWith(f.send, 4);
    expect($connection.get()).toMatchObject({ waiting: 3, refused: 1 });
  });

  it('sends again on a timer, refreshes less often, and only when online', async () => {
    vi.useFakeTimers();
    const f = fakes();
    stop = startSync({ ...f.browser, outbox: f.outbox, catalogue: f.catalogue, send: f.send, tillId: 4 });
    await vi.advanceTimersByTimeAsync(0);
    f.asked.length = 0;
    await vi.advanceTimersByTimeAsync(SYNC.flushEveryMs);
    expect(f.asked).toEqual(['flush']);
    await vi.advanceTimersByTimeAsync(SYNC.refreshEveryMs - SYNC.flushEveryMs);
    expect(f.asked.filter((a) => a === 'refresh')).toHaveLength(1);
    f.asked.length = 0;
    reportCall(false); // offline: the timer's flush still tries (it is how the till learns the network is back)
    await vi.advanceTimersByTimeAsync(SYNC.refreshEveryMs);
    expect(f.asked.includes('refresh')).toBe(false);
    expect(f.asked.includes('flush')).toBe(true);
  });

  it('forces a flush and a refresh the moment the browser is online again, and stops cleanly', async () => {
    vi.useFakeTimers();
    const f = fakes();
    stop = startSync({ ...f.browser, outbox: f.outbox, catalogue: f.catalogue, send: f.send, tillId: 4 });
    await vi.advanceTimersByTimeAsync(0);
    f.browser.fire('offline');
    expect($connection.get().browserOnline).toBe(false);
    f.asked.length = 0;
    f.browser.fire('online');
    await vi.advanceTimersByTimeAsync(0);
    expect(f.asked).toEqual(['flush!', 'refresh']);
    expect($connection.get().browserOnline).toBe(true);
    stop();
    expect(f.browser.listening()).toBe(0);
    f.asked.length = 0;
    await vi.advanceTimersByTimeAsync(SYNC.refreshEveryMs * 2);
    expect(f.asked).toEqual([]);
  });

  it('a failed flush or refresh is no failure of the sync: the next turn tries again', async () => {
    vi.useFakeTimers();
    const f = fakes();
    f.outbox.flush.mockRejectedValueOnce(new Error('QuotaExceededError'));
    f.catalogue.refresh.mockRejectedValueOnce(new Error('the catalogue could not be refreshed (503)'));
    stop = startSync({ ...f.browser, outbox: f.outbox, catalogue: f.catalogue, send: f.send, tillId: 4 });
    await vi.advanceTimersByTimeAsync(0);
    expect(f.catalogue.refresh).toHaveBeenCalledTimes(1); // after the failed flush, still
    await vi.advanceTimersByTimeAsync(SYNC.flushEveryMs);
    expect(f.asked).toEqual(['flush']);
  });
});
