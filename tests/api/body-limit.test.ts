import { expect, it } from 'vitest';
import { describeApi } from './shop';

const KB = 1024;
/** A body that streams in 8 KB pieces with no declared length, as a chunked upload arrives. */
function streamed(bytes: number): ReadableStream<Uint8Array> {
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const piece = Math.min(8 * KB, left);
      left -= piece;
      controller.enqueue(new Uint8Array(piece).fill(32));
    },
  });
}

describeApi('request bodies are capped inside the API too', (shop) => {
  it('refuses a call body over 32 KB with 413 JSON, declared or streamed, and changes nothing', async () => {
    const visitor = await shop().visitor().start();
    const padded = JSON.stringify({ pack_id: 1, warehouse_id: 1, pad: 'x'.repeat(40 * KB) });
    const declared = await visitor.post('/cart/add', padded);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: expect.stringMatching(/too large.*32 KB/) });
    const chunked = await visitor.request('/cart/add', { method: 'POST', headers: { 'content-type': 'application/json' }, body: streamed(100 * KB), duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await (await visitor.get('/cart')).json()).quantity).toBe(0);
  });

  it('takes a call body under the cap as before', async () => {
    const visitor = await shop().visitor().start();
    const pack = await shop().deps.db.kysely.selectFrom('packs').select(['id', 'warehouse_id']).where('stock', '>=', 5).orderBy('id').executeTakeFirstOrThrow();
    const body = JSON.stringify({ pack_id: pack.id, warehouse_id: pack.warehouse_id }).padEnd(30 * KB, ' ');
    expect((await visitor.post('/cart/add', body)).status).toBe(200);
  });

  it('gives page check and publish 1 MB: 200 KB reaches the permission check, 2 MB is refused', async () => {
    const visitor = await shop().visitor().start();
    const page = (size: number) => JSON.stringify({ url: '/x', blocks: [], css: 'a'.repeat(size) });
    expect((await visitor.post('/pages/check', page(200 * KB))).status).toBe(401);
    expect((await visitor.post('/pages/publish', page(2 * 1024 * KB))).status).toBe(413);
  });
});
