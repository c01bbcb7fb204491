import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptConnection } from './serve.mjs';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

describe('a connection handed from the primary', () => {
  it('is served by the worker with Nagle off, as http would set up a connection it accepted itself', async () => {
    const worker = http.createServer((_req, res) => res.end('answered'));
    // As the primary accepts: paused, then handed over (here within one process).
    const noDelayCalls: unknown[][][] = [];
    const primary = net.createServer({ pauseOnConnect: true }, (socket) => {
      const noDelay = vi.spyOn(socket, 'setNoDelay');
      adoptConnection(worker, socket);
      noDelayCalls.push(noDelay.mock.calls);
    });
    closers.push(() => primary.close(), () => worker.closeAllConnections());
    await new Promise<void>((done) => primary.listen(0, '127.0.0.1', done));
    const { port } = primary.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } });
    expect(await answer.text()).toBe('answered');
    expect(noDelayCalls).toEqual([[[true]]]);
  });
});
