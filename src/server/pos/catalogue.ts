/**
 * What a till keeps offline (docs/pos.md#catalogue): the packs of its warehouse with their product's names, price,
 * MRP, stock, barcode and image; and one pack by its barcode. `since` (an earlier answer's as_of) answers only the
 * packs that changed after it: their product was saved (staff or the CSV import bump products.updated_at with any
 * change of its packs) or their stock moved (the ledger's entries carry when); those no longer sold are answered
 * as removed ids.
 */
import { sql, type Kysely } from 'kysely';
import { POS_QUICK_PICKS, POS_SEARCH_MAX, type PosCatalogue, type PosCatalogueQuery, type PosPack, type PosPackQuery, type PosSearch, type PosSearchQuery } from '../../contract/pos';
import { imageSrc } from '../../lib/images';
import { toRupees } from '../../lib/money';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { COUNTED_STATUSES } from '../services/agent-figures';
import { searchedInWarehouse } from '../services/catalogue';
import { packKey } from '../services/search-units';

type DB = Kysely<Database>;

/** The till's warehouse, for a till of this website (open or not: a closed till's device may still refresh). */
async function tillWarehouse(db: DB, websiteId: number, tillId: number): Promise<number> {
  const till = await db.selectFrom('tills').select('warehouse_id').where('id', '=', tillId).where('website_id', '=', websiteId).executeTakeFirst();
  if (!till) throw new ApiError(404, 'No such till');
  return till.warehouse_id;
}

const packsOf = (db: DB, warehouseId: number) =>
  db
    .selectFrom('packs as pk')
    .innerJoin('products as p', 'p.id', 'pk.product_id')
    .select(['pk.id as pack_id', 'p.id as product_id', 'p.name as product_name', 'p.name_hi as product_name_hi', 'pk.name as pack_name', 'pk.barcode', 'pk.price_paise', 'pk.act_price_paise', 'pk.stock', 'pk.is_active', 'p.is_active as product_active'])
    .select((eb) => eb.selectFrom('product_media as m').select('m.src').whereRef('m.product_id', '=', 'p.id').orderBy('m.position').limit(1).as('image'))
    .where('pk.warehouse_id', '=', warehouseId);

type PackRow = Awaited<ReturnType<ReturnType<typeof packsOf>['execute']>>[number];

const shown = (r: PackRow): PosPack => ({
  pack_id: r.pack_id,
  product_id: r.product_id,
  product_name: r.product_name,
  product_name_hi: r.product_name_hi ?? null,
  pack_name: r.pack_name,
  barcode: r.barcode ?? null,
  price: toRupees(r.price_paise),
  mrp: toRupees(r.act_price_paise),
  stock: r.stock,
  image: r.image ? imageSrc(r.image) : null,
});

const onSale = (r: PackRow) => r.is_active === 1 && r.product_active === 1;

/** GET /pos/catalogue: every pack on sale in the till's warehouse, or what changed since an earlier answer. */
export async function posCatalogue(db: DB, websiteId: number, query: PosCatalogueQuery): Promise<PosCatalogue> {
  const warehouseId = await tillWarehouse(db, websiteId, query.till_id);
  // Taken before reading: a change made while this answer is read comes again next time rather than never.
  const asOf = new Date().toISOString();
  if (query.since === undefined) {
    const rows = await packsOf(db, warehouseId).where('pk.is_active', '=', 1).where('p.is_active', '=', 1).orderBy('pk.id').execute();
    return { packs: rows.map(shown), removed: [], as_of: asOf, frequent: await frequentPacks(db, websiteId, warehouseId) };
  }
  const since = new Date(query.since).toISOString();
  const rows = await packsOf(db, warehouseId)
    .where((eb) =>
      eb.or([
        eb(sql<string>`coalesce(p.updated_at, p.created_at)`, '>', since),
        eb.exists(eb.selectFrom('stock_moves as sm').select('sm.id').whereRef('sm.pack_id', '=', 'pk.id').where('sm.at', '>', since)),
      ]),
    )
    .orderBy('pk.id')
    .execute();
  return { packs: rows.filter(onSale).map(shown), removed: rows.filter((r) => !onSale(r)).map((r) => r.pack_id), as_of: asOf, frequent: await frequentPacks(db, websiteId, warehouseId) };
}

/** GET /pos/packs?barcode=…: the pack on sale with this EAN-13 in the till's warehouse; 404 when there is none. */
export async function posPackByBarcode(db: DB, websiteId: number, query: PosPackQuery): Promise<PosPack> {
  const warehouseId = await tillWarehouse(db, websiteId, query.till_id);
  const row = await packsOf(db, warehouseId).where('pk.barcode', '=', query.barcode).where('pk.is_active', '=', 1).where('p.is_active', '=', 1).orderBy('pk.id').executeTakeFirst();
  if (!row) throw new ApiError(404, `No pack with barcode ${query.barcode} here`);
  return shown(row);
}

/** How far back the quick picks look at what was sold. */
const FREQUENT_DAYS = 30;

/**
 * The quick picks (PosCatalogue.frequent): the packs on sale in the warehouse that its tills sold most over the
 * last 30 days, by units, then (to fill POS_QUICK_PICKS) those the website sold most over the same days; ties by
 * pack id. Counted sales are the sales figures' (COUNTED_STATUSES): a cancelled sale, or one whose payment failed
 * or still waits, is none. Two aggregates on the orders' (website, created_at) index, each answering at most 12
 * (24) rows.
 */
async function frequentPacks(db: DB, websiteId: number, warehouseId: number, now = new Date()): Promise<number[]> {
  const since = new Date(now.getTime() - FREQUENT_DAYS * 86_400_000).toISOString();
  const mostSold = (channel: 'pos' | 'web', limit: number) =>
    db
      .selectFrom('orders as o')
      .innerJoin('order_lines as ol', 'ol.order_id', 'o.id')
      .innerJoin('packs as pk', 'pk.id', 'ol.pack_id')
      .innerJoin('products as p', 'p.id', 'pk.product_id')
      .select(['ol.pack_id', (eb) => eb.fn.sum<number | string>('ol.quantity').as('units')])
      .where('o.website_id', '=', websiteId)
      .where('o.created_at', '>=', since)
      .where('o.status', 'in', COUNTED_STATUSES)
      .where('o.channel', '=', channel)
      .where('pk.warehouse_id', '=', warehouseId)
      .where('pk.is_active', '=', 1)
      .where('p.is_active', '=', 1)
      .groupBy('ol.pack_id')
      .orderBy('units', 'desc')
      .orderBy('ol.pack_id')
      .limit(limit)
      .execute();
  const [atTills, online] = await Promise.all([mostSold('pos', POS_QUICK_PICKS), mostSold('web', 2 * POS_QUICK_PICKS)]);
  const ids = atTills.map((r) => r.pack_id);
  for (const r of online) if (ids.length < POS_QUICK_PICKS && !ids.includes(r.pack_id)) ids.push(r.pack_id);
  return ids;
}

/**
 * GET /pos/search: the shop's own search (services/catalogue.ts searchedInWarehouse: the listing's plan, with its
 * synonyms, corrections and Hindi words, and its order) over the products with a pack on sale in the till's
 * warehouse; their packs there, product by product in the search's order (a pack of the size typed first), at most
 * POS_SEARCH_MAX.
 */
export async function posSearch(db: Db, websiteId: number, query: PosSearchQuery): Promise<PosSearch> {
  const warehouseId = await tillWarehouse(db.kysely, websiteId, query.till_id);
  const found = await searchedInWarehouse(db, websiteId, query.q, warehouseId, POS_SEARCH_MAX);
  if (!found.ids.length) return { packs: [], did_you_mean: found.didYouMean };
  const rows = await packsOf(db.kysely, warehouseId)
    .where('p.id', 'in', found.ids)
    .where('pk.is_active', '=', 1)
    .where('p.is_active', '=', 1)
    .orderBy('pk.position')
    .orderBy('pk.id')
    .limit(POS_SEARCH_MAX * 10)
    .execute();
  const rank = new Map(found.ids.map((id, i) => [id, i]));
  const keys = found.packKeys && new Set(found.packKeys);
  const sized = (r: PackRow) => (keys && keys.has(packKey(r.pack_name)) ? 0 : 1);
  const ordered = rows.map((r, i) => ({ r, i })).sort((a, b) => rank.get(a.r.product_id)! - rank.get(b.r.product_id)! || sized(a.r) - sized(b.r) || a.i - b.i);
  return { packs: ordered.slice(0, POS_SEARCH_MAX).map(({ r }) => shown(r)), did_you_mean: found.didYouMean };
}
