import { POS_SEARCH_TEXT_MAX, type PosPack, type PosSearch } from '../../contract/pos';
import type { Send } from '../../lib/api/client';

/**
 * The till's search box (docs/pos-client.md#search): the catalogue on the device answers at once, and, online, the
 * shop's own search (GET /s/api/pos/search: its synonyms, corrections and Hindi words) replaces that answer when it
 * arrives. Typing waits `debounceMs` before the shop is asked; only the latest text's answer is shown; a call that
 * fails, times out or answers anything but a search leaves the device's answer in place.
 */

export const SHOP_SEARCH = {
  /** Keys closer than this are one word being typed: the shop is asked once they pause. */
  debounceMs: 250,
  /** The shop's answer is worth waiting for this long; after it the device's answer stands. */
  timeoutMs: 5_000,
  /** Fewer characters than this are left to the device (a letter finds everything). */
  minLength: 2,
  /** As the call takes it (PosSearchQuery). */
  maxLength: POS_SEARCH_TEXT_MAX,
} as const;

/** What the search box shows: the packs found for `query`, and who found them. */
export interface Found {
  query: string;
  packs: PosPack[];
  from: 'device' | 'shop';
}

/** Whether the shop is asked about this text: online, long enough, and not a barcode being typed (Enter adds those). */
export function asksShop(query: string, online: boolean): boolean {
  const text = query.trim();
  return online && [...text].length >= SHOP_SEARCH.minLength && !/^\d{6,}$/.test(text);
}

/** The shop's answer's shape, checked without zod (the till's island does not ship it; the API tests check the rest). */
function isSearch(body: unknown): body is PosSearch {
  return !!body && typeof body === 'object' && Array.isArray((body as Partial<PosSearch>).packs);
}

interface Parts {
  send: Send;
  /** The open till, or null (then only the device is searched). */
  tillId: () => number | null;
  online: () => boolean;
  /** The catalogue on the device's name search. */
  local: (query: string) => Promise<PosPack[]>;
  /** Called with each answer to show: null when the box is empty (the quick picks then). */
  show: (found: Found | null) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function createShopSearch({ send, tillId, online, local, show, setTimer = (run, ms) => setTimeout(run, ms), clearTimer = (t) => clearTimeout(t as ReturnType<typeof setTimeout>) }: Parts) {
  /** Each text typed takes a turn: an answer for an earlier turn is dropped. */
  let turn = 0;
  let waiting: unknown = null;

  async function ask(mine: number, query: string, till: number) {
    // The call is given up after timeoutMs (the till's tracked fetch then counts the shop as out of reach, as for
    // any call); a call overtaken by newer typing is left to finish and its answer dropped.
    const controller = new AbortController();
    const limit = setTimer(() => controller.abort(new DOMException('The search took too long', 'TimeoutError')), SHOP_SEARCH.timeoutMs);
    try {
      const response = await send(`/pos/search?${new URLSearchParams({ till_id: String(till), q: query })}`, { signal: controller.signal });
      if (!response.ok) return;
      const body: unknown = await response.json();
      if (mine === turn && isSearch(body)) show({ query, packs: body.packs, from: 'shop' });
    } catch {
      // Offline, slow or refused: the device's answer stays.
    } finally {
      clearTimer(limit);
    }
  }

  return {
    /** The text in the box changed: the device's answer at once, the shop's after a pause (online). */
    async type(text: string): Promise<void> {
      const mine = (turn += 1);
      if (waiting !== null) clearTimer(waiting);
      waiting = null;
      const query = text.trim().slice(0, SHOP_SEARCH.maxLength);
      if (!query) {
        show(null);
        return;
      }
      const packs = await local(query).catch(() => [] as PosPack[]);
      if (mine !== turn) return;
      show({ query, packs, from: 'device' });
      const till = tillId();
      if (till === null || !asksShop(query, online())) return;
      waiting = setTimer(() => {
        waiting = null;
        void ask(mine, query, till);
      }, SHOP_SEARCH.debounceMs);
    },
    /** Leaving the selling screen: nothing waiting is asked, no answer still on its way is shown. */
    stop() {
      turn += 1;
      if (waiting !== null) clearTimer(waiting);
      waiting = null;
    },
  };
}
