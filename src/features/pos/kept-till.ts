import type { PosTill } from '../../contract/pos';

/**
 * The open till as the device last heard it from the shop (localStorage): a page reloaded offline, served by the
 * till's service worker (docs/pos-client.md#the-offline-copy-of-the-page), cannot ask the shop for its counter,
 * and resumes this till instead, to keep selling into the outbox. Kept when the counter names an open till,
 * forgotten when it names none or the till is closed here.
 */
const KEPT = 'pos-till';

type Storage_ = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps the open till, or (null) forgets it. */
export function keepTill(storage: Storage_, till: PosTill | null): void {
  try {
    if (till) storage.setItem(KEPT, JSON.stringify(till));
    else storage.removeItem(KEPT);
  } catch {
    // Storage full or refused: the till resumes from the shop as before.
  }
}

/** The kept open till, or null (none, or what is there is not a till). */
export function keptTill(storage: Pick<Storage, 'getItem'>): PosTill | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEPT) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const till = value as Partial<PosTill>;
    return typeof till.id === 'number' && till.status === 'open' && typeof till.warehouse === 'object' && till.warehouse !== null ? (till as PosTill) : null;
  } catch {
    return null;
  }
}
