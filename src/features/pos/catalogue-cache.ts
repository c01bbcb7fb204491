import type { PosCatalogue, PosPack } from '../../contract/pos';
import type { Send } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';
import { toPaise } from '../../lib/to-paise';
import { committed, openDatabase, result } from './idb';
import type { PackForTicket } from './ticket';

/**
 * The till's catalogue kept on the device (docs/pos-client.md#catalogue), so a pack is found by barcode or name
 * and priced while the network is down. Filled from GET /s/api/pos/catalogue: a full answer the first time (or
 * for another till), then only what changed since the last answer's `as_of`, applied in one transaction so the
 * packs and their `as_of` never disagree. Search is by the start of words, English or Hindi names alike, through
 * an index of each pack's words, and reads a bounded number of records whatever is typed.
 */

export const CATALOGUE = {
  /** What is read of a query: a name, not a paragraph. */
  maxQueryLength: 60,
  maxQueryWords: 4,
  /** Records read from the index for one query, and packs answered. */
  maxCandidates: 200,
  maxResults: 20,
  /** A full catalogue of a few thousand packs is a few hundred KB: allow a slow network. */
  timeoutMs: 30_000,
  /**
   * A delta names the packs taken off sale, not those deleted outright; a full answer at least once a day drops
   * those too.
   */
  fullAfterMs: 24 * 60 * 60_000,
} as const;

/** A pack as kept: the API's, with its search words. */
interface CachedPack extends PosPack {
  words: string[];
}

const PACKS = 'packs';
const META = 'meta';

/**
 * The words of a name as search compares them: lower case, Latin accents dropped (café → cafe), Devanagari kept
 * whole in one Unicode form (NFC, joiners removed), split at anything that is not a letter, mark or digit.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[\u200c\u200d]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

const wordsOf = (pack: PosPack) => [...new Set(searchWords([pack.product_name, pack.product_name_hi ?? '', pack.pack_name].join(' ')))];

/** The ticket's view of a cached pack: its price in paise, its stock, and its Hindi name on a Hindi screen when it has one. */
export const packForTicket = (pack: PosPack, lang: 'en' | 'hi' = 'en'): PackForTicket => ({
  pack_id: pack.pack_id,
  name: (lang === 'hi' && pack.product_name_hi) || pack.product_name,
  pack_name: pack.pack_name,
  unit_paise: toPaise(pack.price),
  stock: pack.stock,
});

/**
 * The quick picks: the shop's best sellers for this counter (the catalogue answer's `frequent`, those still kept), in
 * their order, then the first packs kept (pack id), one per product not already there, to make `limit`.
 */
export function quickPicks(frequent: readonly PosPack[], first: readonly PosPack[], limit: number): PosPack[] {
  const picked = frequent.slice(0, limit);
  const products = new Set(picked.map((pack) => pack.product_id));
  for (const pack of first) {
    if (picked.length >= limit) break;
    if (products.has(pack.product_id)) continue;
    products.add(pack.product_id);
    picked.push(pack);
  }
  return picked;
}

/** The shape of a catalogue answer, checked without zod (the till's island does not ship it; the API tests check the rest). */
function isCatalogue(body: unknown): body is PosCatalogue {
  const answer = body as Partial<PosCatalogue> | null;
  return !!answer && Array.isArray(answer.packs) && Array.isArray(answer.removed) && typeof answer.as_of === 'string';
}

export function openCatalogue({ name = 'storefront-pos-catalogue', now = Date.now }: { name?: string; now?: () => number } = {}) {
  const opening = openDatabase(name, 1, (db) => {
    const packs = db.createObjectStore(PACKS, { keyPath: 'pack_id' });
    packs.createIndex('barcode', 'barcode');
    packs.createIndex('words', 'words', { multiEntry: true });
    db.createObjectStore(META);
  });

  /** The as_of kept for `tillId`, or null when there is none or it belongs to another till. */
  async function asOf(tillId: number): Promise<string | null> {
    const db = await opening;
    const kept = await result(db.transaction(META).objectStore(META).get('as_of') as IDBRequest<{ till_id: number; as_of: string } | undefined>);
    return kept?.till_id === tillId ? kept.as_of : null;
  }

  /** Keeps an answer: a full one replaces every pack, a delta upserts and removes; both move as_of. */
  async function apply(answer: PosCatalogue, { tillId, full }: { tillId: number; full: boolean }) {
    const db = await opening;
    const tx = db.transaction([PACKS, META], 'readwrite');
    const packs = tx.objectStore(PACKS);
    if (full) packs.clear();
    for (const pack of answer.packs) packs.put({ ...pack, words: wordsOf(pack) } satisfies CachedPack);
    if (!full) for (const id of answer.removed) packs.delete(id);
    tx.objectStore(META).put({ till_id: tillId, as_of: answer.as_of }, 'as_of');
    tx.objectStore(META).put(Array.isArray(answer.frequent) ? answer.frequent : [], 'frequent');
    await committed(tx);
  }

  return {
    apply,
    asOf,

    /**
     * Brings the catalogue up to date for `tillId`: only what changed since the kept as_of, or all of it the
     * first time and once a day. Rejects (keeping what it had) when the API cannot be reached or answers anything
     * but a catalogue.
     */
    async refresh(send: Send, tillId: number): Promise<{ full: boolean; packs: number; removed: number }> {
      const kept = await asOf(tillId);
      const since = kept && now() - Date.parse(kept) < CATALOGUE.fullAfterMs ? kept : null;
      const query = new URLSearchParams({ till_id: String(tillId), ...(since ? { since } : {}) });
      const response = await send(`/pos/catalogue?${query}`, { signal: AbortSignal.timeout(CATALOGUE.timeoutMs) });
      const body: unknown = await response.json();
      if (!response.ok) throw new Error(`the catalogue could not be refreshed (${response.status}): ${errorMessage(body)}`);
      if (!isCatalogue(body)) throw new Error('the catalogue answer was not a catalogue');
      await apply(body, { tillId, full: !since });
      return { full: !since, packs: body.packs.length, removed: since ? body.removed.length : 0 };
    },

    /** The pack with this barcode; a 12-digit UPC-A is looked up as the EAN-13 it is (a leading zero). */
    async byBarcode(code: string): Promise<PosPack | null> {
      const digits = code.trim();
      if (!/^\d{8,14}$/.test(digits)) return null;
      const db = await opening;
      const index = db.transaction(PACKS).objectStore(PACKS).index('barcode');
      const found = await result(index.get(digits) as IDBRequest<CachedPack | undefined>);
      const upc = !found && digits.length === 12 ? await result(index.get(`0${digits}`) as IDBRequest<CachedPack | undefined>) : undefined;
      const pack = found ?? upc;
      return pack ? withoutWords(pack) : null;
    },

    /** The first `limit` packs kept, by pack id (the catalogue's order). */
    async first(limit: number): Promise<PosPack[]> {
      const db = await opening;
      const packs = await result(db.transaction(PACKS).objectStore(PACKS).getAll(null, limit) as IDBRequest<CachedPack[]>);
      return packs.map(withoutWords);
    },

    /** The till's grid of quick picks (`quickPicks`): the best sellers the last refresh named, then the first packs. */
    async quickPicks(limit: number): Promise<PosPack[]> {
      const db = await opening;
      const ids = (await result(db.transaction(META).objectStore(META).get('frequent') as IDBRequest<number[] | undefined>)) ?? [];
      const store = db.transaction(PACKS).objectStore(PACKS);
      const [kept, first] = await Promise.all([
        Promise.all(ids.slice(0, limit).map((id) => result(store.get(id) as IDBRequest<CachedPack | undefined>))),
        result(store.getAll(null, limit * 5) as IDBRequest<CachedPack[]>),
      ]);
      return quickPicks(kept.filter((pack) => pack !== undefined).map(withoutWords), first.map(withoutWords), limit);
    },

    /**
     * Packs whose words start with every word typed, whole-word matches first, then by name. The rarest word
     * typed (fewest index entries) is the one read from the index, at most `maxCandidates` records of it.
     */
    async search(query: string): Promise<PosPack[]> {
      const typed = searchWords(query.slice(0, CATALOGUE.maxQueryLength)).slice(0, CATALOGUE.maxQueryWords);
      if (typed.length === 0) return [];
      const db = await opening;
      const index = db.transaction(PACKS).objectStore(PACKS).index('words');
      const range = (word: string) => IDBKeyRange.bound(word, `${word}\uffff`);
      const counts = await Promise.all(typed.map((word) => result(index.count(range(word)))));
      const rarest = typed[counts.indexOf(Math.min(...counts))]!;
      if (Math.min(...counts) === 0) return [];
      const candidates = await result(index.getAll(range(rarest), CATALOGUE.maxCandidates) as IDBRequest<CachedPack[]>);
      const seen = new Set<number>();
      const scored: Array<{ pack: CachedPack; whole: number }> = [];
      for (const pack of candidates) {
        if (seen.has(pack.pack_id)) continue; // a pack with two words of that start comes twice
        seen.add(pack.pack_id);
        if (!typed.every((word) => pack.words.some((w) => w.startsWith(word)))) continue;
        scored.push({ pack, whole: typed.filter((word) => pack.words.includes(word)).length });
      }
      scored.sort((a, b) => b.whole - a.whole || a.pack.product_name.localeCompare(b.pack.product_name, 'en-IN'));
      return scored.slice(0, CATALOGUE.maxResults).map(({ pack }) => withoutWords(pack));
    },
  };
}

/** A kept pack as the API gave it (its search words are the cache's own business). */
function withoutWords({ words: _words, ...pack }: CachedPack): PosPack {
  return pack;
}
