import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskStore, mediaFileName, newMediaKey } from './media-storage';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'media-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the disk media store', () => {
  it('writes, reads and deletes files by name, and says where browsers fetch them', async () => {
    const dir = folder();
    const store = diskStore(dir);
    const name = mediaFileName(newMediaKey(), 480);
    expect(name).toMatch(/^[a-f0-9]{24}-480\.webp$/);
    await store.put(name, new Uint8Array([1, 2, 3]));
    expect(readdirSync(dir)).toEqual([name]);
    expect([...(await store.get(name))!]).toEqual([1, 2, 3]);
    expect(store.url(name)).toBe(`/media/${name}`);
    expect(diskStore(dir, 'https://media.example.com/shop').url(name)).toBe(`https://media.example.com/shop/${name}`);
    await store.delete(name);
    await store.delete(name);
    expect(readdirSync(dir)).toEqual([]);
    expect(await store.get(name)).toBeNull();
  });

  it('reaches nothing but its own file names: no other file, no path outside its folder', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    const store = diskStore(join(dir, 'media'));
    for (const name of ['../secret.txt', '..%2Fsecret.txt', '/etc/passwd', `${'a'.repeat(24)}-480.webp/../../secret.txt`, 'secret.txt', `${'A'.repeat(24)}-480.webp`]) {
      expect(await store.get(name), name).toBeNull();
      await expect(store.put(name, new Uint8Array([1])), name).rejects.toThrow(/not a media file name/);
      await expect(store.delete(name), name).rejects.toThrow(/not a media file name/);
    }
    expect(readdirSync(dir).sort()).toEqual(['media', 'secret.txt']);
  });

  it('gives every image a new key', () => {
    const keys = new Set(Array.from({ length: 1000 }, newMediaKey));
    expect(keys.size).toBe(1000);
  });
});
