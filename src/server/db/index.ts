import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Database } from './schema';
import { openPostgresPool } from './postgres';
import { openSqlite } from './sqlite';
import * as init from './migrations/0001_init';
import * as listing from './migrations/0002_listing';
import * as auth from './migrations/0003_auth';
import * as wishlists from './migrations/0004_wishlists';
import * as deliveryCoupons from './migrations/0005_delivery_coupons';
import * as pageBlocks from './migrations/0006_page_blocks';
import * as listingPriceInStock from './migrations/0007_listing_price_in_stock';
import * as orders from './migrations/0008_orders';
import * as paymentEvents from './migrations/0009_payment_events';
import * as profile from './migrations/0010_profile';
import * as agents from './migrations/0011_agents';
import * as search from './migrations/0012_search';
import * as suggest from './migrations/0013_suggest';
import * as deliverable from './migrations/0014_deliverable';
import * as pageGeneration from './migrations/0015_page_generation';
import * as pageGenerationTruncate from './migrations/0016_page_generation_truncate';
import * as refunds from './migrations/0017_refunds';
import * as paymentStarts from './migrations/0018_payment_starts';
import * as shopperDataPerWebsite from './migrations/0019_shopper_data_per_website';
import * as backOffice from './migrations/0020_back_office';
import * as queueIndexes from './migrations/0021_queue_indexes';
import * as orderPermissions from './migrations/0022_order_permissions';
import * as orderDeliveryColumns from './migrations/0023_order_delivery_columns';
import * as websiteEditPermission from './migrations/0024_website_edit_permission';
import * as pageDrafts from './migrations/0025_page_drafts';
import * as media from './migrations/0026_media';
import * as formResponseIndex from './migrations/0027_form_response_index';
import * as siteSettingDrafts from './migrations/0028_site_setting_drafts';
import * as shopPermissions from './migrations/0029_shop_permissions';
import * as productsStock from './migrations/0030_products_stock';
import * as bosListIndexes from './migrations/0031_bos_list_indexes';
import * as catalogueUseIndexes from './migrations/0032_catalogue_use_indexes';
import * as couponSwitch from './migrations/0033_coupon_switch';
import * as deliveryZoneSettings from './migrations/0034_delivery_zone_settings';
import * as people from './migrations/0035_people';
import * as hindiNames from './migrations/0036_hindi_names';
import * as orderLanguage from './migrations/0037_order_language';
import * as devanagariTokens from './migrations/0038_devanagari_tokens';
import * as pos from './migrations/0039_pos';
import * as posUpi from './migrations/0040_pos_upi';
import * as posReceipts from './migrations/0041_pos_receipts';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Opens a database from a URL: `file:<path>` (or `:memory:`) for SQLite, `postgres://…` for PostgreSQL. */
export async function openDatabase(url: string): Promise<Db> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: await openPostgresPool(url) }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const path = sqlitePath(url);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(path) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

function sqlitePath(url: string): string {
  const path = url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (!path) throw new Error(`DATABASE_URL "${url}" names no file`);
  return path === ':memory:' ? path : resolve(path);
}

/**
 * Every migration, in order. New ones are appended here and never edited once released; each carries its own SQL
 * and data and imports nothing from outside migrations/, so editing application code never changes one.
 */
const migrations: Record<string, Migration> = {
  '0001_init': init,
  '0002_listing': listing,
  '0003_auth': auth,
  '0004_wishlists': wishlists,
  '0005_delivery_coupons': deliveryCoupons,
  '0006_page_blocks': pageBlocks,
  '0007_listing_price_in_stock': listingPriceInStock,
  '0008_orders': orders,
  '0009_payment_events': paymentEvents,
  '0010_profile': profile,
  '0011_agents': agents,
  '0012_search': search,
  '0013_suggest': suggest,
  '0014_deliverable': deliverable,
  '0015_page_generation': pageGeneration,
  '0016_page_generation_truncate': pageGenerationTruncate,
  '0017_refunds': refunds,
  '0018_payment_starts': paymentStarts,
  '0019_shopper_data_per_website': shopperDataPerWebsite,
  '0020_back_office': backOffice,
  '0021_queue_indexes': queueIndexes,
  '0022_order_permissions': orderPermissions,
  '0023_order_delivery_columns': orderDeliveryColumns,
  '0024_website_edit_permission': websiteEditPermission,
  '0025_page_drafts': pageDrafts,
  '0026_media': media,
  '0027_form_response_index': formResponseIndex,
  '0028_site_setting_drafts': siteSettingDrafts,
  '0029_shop_permissions': shopPermissions,
  '0030_products_stock': productsStock,
  '0031_bos_list_indexes': bosListIndexes,
  '0032_catalogue_use_indexes': catalogueUseIndexes,
  '0033_coupon_switch': couponSwitch,
  '0034_delivery_zone_settings': deliveryZoneSettings,
  '0035_people': people,
  '0036_hindi_names': hindiNames,
  '0037_order_language': orderLanguage,
  '0038_devanagari_tokens': devanagariTokens,
  '0039_pos': pos,
  '0040_pos_upi': posUpi,
  '0041_pos_receipts': posReceipts,
};

/** Brings the schema up to date (or up to `target`); throws with the failing migration's name if one fails. */
export async function migrate(db: Db, target?: string): Promise<void> {
  // In number order only: a shop that ran a later migration refuses to start with an earlier one it has not run,
  // rather than run them in an order nobody tested.
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
}
