import { describe, expect, it } from 'vitest';
import type { PosTill } from '../../contract/pos';
import { keepTill, keptTill } from './kept-till';

function memory() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const till = {
  id: 7,
  warehouse: { id: 1, name: 'Main', code: 'MAIN' },
  status: 'open',
  opening_cash: 2000,
  opened_at: '2026-11-27T09:00:00Z',
  opened_by: { id: 3, name: 'Ravi' },
  closed_at: null,
  closed_by: null,
} as unknown as PosTill;

describe('the open till kept on the device', () => {
  it('gives back the till kept', () => {
    const storage = memory();
    keepTill(storage, till);
    expect(keptTill(storage)).toEqual(till);
  });

  it('forgets it when the counter names no open till', () => {
    const storage = memory();
    keepTill(storage, till);
    keepTill(storage, null);
    expect(keptTill(storage)).toBeNull();
  });

  it('answers null for nothing kept, broken JSON or a closed till', () => {
    expect(keptTill(memory())).toBeNull();
    expect(keptTill({ getItem: () => '{not json' })).toBeNull();
    expect(keptTill({ getItem: () => JSON.stringify({ ...till, status: 'closed' }) })).toBeNull();
    expect(keptTill({ getItem: () => '42' })).toBeNull();
  });

  it('does not throw when the storage refuses', () => {
    const full = { ...memory(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => keepTill(full, till)).not.toThrow();
  });
});
