import { describe, expect, it } from 'vitest';
import { swrCache } from './page-data-cache';

describe('the page cache', () => {
  it('serves from memory for the same version, reloads at once when the version changes', async () => {
    let clock = 0;
    const cache = swrCache<string>(60_000, () => clock);
    let loads = 0;
    let version = 'v1';
    const get = () => cache.get('1|/', async () => version, async () => `page ${version} #${++loads}`);
    expect(await get()).toBe('page v1 #1');
    expect(await get()).toBe('page v1 #1');
    version = 'v2';
    expect(await get()).toBe('page v2 #2');
  });

  it('serves a stale page while it refreshes in the background', async () => {
    let clock = 0;
    const cache = swrCache<string>(60_000, () => clock);
    let loads = 0;
    const get = () => cache.get('k', async () => 'v', async () => `load ${++loads}`);
    await get();
    clock = 61_000;
    expect(await get()).toBe('load 1');
    await new Promise((r) => setTimeout(r, 0));
    expect(await get()).toBe('load 2');
  });

  it('serves the last page when the database fails, and fails only for a page never served', async () => {
    const cache = swrCache<string>();
    await cache.get('k', async () => 'v', async () => 'good');
    const down = async (): Promise<string> => {
      throw new Error('database down');
    };
    expect(await cache.get('k', down, down)).toBe('good');
    expect(await cache.get('k', async () => 'v2', down)).toBe('good');
    await expect(cache.get('other', down, down)).rejects.toThrow('database down');
  });
});
