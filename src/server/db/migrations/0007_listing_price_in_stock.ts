import type { Kysely } from 'kysely';
import { refreshListing } from '../listing';
import { inTransaction } from '../transaction';

/** The listing's price becomes the lowest price of the packs in stock (db/listing.ts): recompute it for every product. */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, (trx) => refreshListing(trx));
}
