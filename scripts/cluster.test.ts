import { describe, expect, it } from 'vitest';
import { workerEnv, workerFlags } from './cluster.mjs';

describe("a worker's Node flags", () => {
  it("caps V8's young generation at 8 MB a semi-space, after the primary's own flags", () => {
    expect(workerFlags(['--enable-source-maps'], '')).toEqual(['--enable-source-maps', '--max-semi-space-size=8']);
  });

  it('leaves the cap to whoever set it already, in the flags or NODE_OPTIONS', () => {
    expect(workerFlags(['--max-semi-space-size=32'], '')).toEqual(['--max-semi-space-size=32']);
    expect(workerFlags([], '--max-old-space-size=512 --max-semi-space-size=4')).toEqual([]);
  });
});

describe("a worker's environment", () => {
  it('marks it a worker and holds glibc to 2 malloc arenas', () => {
    expect(workerEnv({})).toEqual({ STOREFRONT_WORKER: '1', MALLOC_ARENA_MAX: '2' });
  });

  it("leaves MALLOC_ARENA_MAX to an operator who set it (the primary's environment passes on)", () => {
    expect(workerEnv({ MALLOC_ARENA_MAX: '4' })).toEqual({ STOREFRONT_WORKER: '1' });
  });
});
