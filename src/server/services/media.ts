/**
 * The page builder's media library (docs/page-builder.md#media-library): images a website's marketers upload for
 * its pages, popup, logo and favicon. An upload is judged by its bytes and resized once (media-image.ts), its files
 * written to the store (media-storage.ts: a folder, or a bucket), then recorded with one staff_audit row in the same
 * transaction. An image in use (media-usage.ts) is not deleted.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { MEDIA_MAX_BYTES } from '../../contract/media-rules';
import type { MediaItem } from '../../contract/page-builder';
import { logger } from '../../lib/log.mjs';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/errors';
import { recordAudit } from './audit';
import { ImageRefused, prepareImage } from './media-image';
import { mediaFileName, newMediaKey, type MediaStore } from './media-storage';
import { usageOf } from './media-usage';

type DB = Kysely<Database>;
type MediaRow = Selectable<Database['media']> & { created_by_name: string | null };
interface Staff {
  userId: number;
  websiteId: number;
}

const log = logger('media');
/** The most images one list answers (newest first); a search finds older ones. */
const MEDIA_LIST_LIMIT = 200;
const FILENAME_MAX = 120;

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards in it taken literally (escape '\'). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The name a file was uploaded under, as people will read it: its last path part, without control or
 * text-direction characters, at most 120 characters; 'image.<kind>' when nothing is left.
 */
function cleanFilename(name: string, kind: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/g, '').trim();
  return (clean || `image.${kind === 'jpeg' ? 'jpg' : kind}`).slice(0, FILENAME_MAX);
}

const selectMedia = (db: DB) =>
  db
    .selectFrom('media as m')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .selectAll('m')
    .select('u.name as created_by_name');

function toItem(store: MediaStore, row: MediaRow, usedIn: string[]): MediaItem {
  const widths = (JSON.parse(row.widths_json) as number[]).filter((w) => Number.isInteger(w));
  const urls = widths.map((w) => store.url(mediaFileName(row.key, w)));
  return {
    id: row.id,
    url: urls[urls.length - 1] ?? '',
    srcset: widths.map((w, i) => `${urls[i]} ${w}w`).join(', '),
    widths,
    width: row.width,
    height: row.height,
    alt: row.alt,
    filename: row.filename,
    bytes: row.bytes,
    created_at: row.created_at,
    created_by: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
    used_in: usedIn,
  };
}

/** A website's images, newest first, those whose file name or alt text holds `q` when given, with where each is used. */
export async function listMedia(db: DB, store: MediaStore, websiteId: number, q?: string): Promise<MediaItem[]> {
  let query = selectMedia(db).where('m.website_id', '=', websiteId);
  const words = q?.trim().toLowerCase();
  if (words) {
    const like = containing(words);
    query = query.where((eb) => eb.or([eb(sql`lower(m.filename)`, 'like', sql`${like} escape '\\'`), eb(sql`lower(m.alt)`, 'like', sql`${like} escape '\\'`)]));
  }
  const rows = await query.orderBy('m.id', 'desc').limit(MEDIA_LIST_LIMIT).execute();
  const usage = await usageOf(db, websiteId, rows.map((r) => r.key));
  return rows.map((row) => toItem(store, row, usage.get(row.key) ?? []));
}

async function findMedia(db: DB, websiteId: number, id: number): Promise<MediaRow> {
  const row = await selectMedia(db).where('m.id', '=', id).where('m.website_id', '=', websiteId).executeTakeFirst();
  if (!row) throw new ApiError(404, 'No such image in this website\'s media library');
  return row;
}

/** One image of the website with where it is used; 404 for another website's. */
async function mediaItem(db: DB, store: MediaStore, websiteId: number, id: number): Promise<MediaItem> {
  const row = await findMedia(db, websiteId, id);
  const usage = await usageOf(db, websiteId, [row.key]);
  return toItem(store, row, usage.get(row.key) ?? []);
}

/** Stores an upload: judged, resized, written, recorded. A refused file is answered with errors.file; nothing is kept. */
export async function uploadMedia(db: DB, store: MediaStore, staff: Staff, file: { name: string; bytes: Uint8Array }, alt: string): Promise<MediaItem> {
  if (file.bytes.byteLength === 0) throw new ApiError(400, 'This file is empty', { file: ['This file is empty'] });
  if (file.bytes.byteLength > MEDIA_MAX_BYTES) {
    const message = `This file is too large: an image may be at most ${MEDIA_MAX_BYTES / (1024 * 1024)} MB`;
    throw new ApiError(413, message, { file: [message] });
  }
  let image;
  try {
    image = await prepareImage(file.bytes);
  } catch (error) {
    if (error instanceof ImageRefused) throw new ApiError(error.status, error.message, { file: [error.message] });
    throw error;
  }
  const key = newMediaKey();
  const names = image.files.map((f) => mediaFileName(key, f.width));
  try {
    for (const [i, f] of image.files.entries()) await store.put(names[i]!, f.bytes);
  } catch (error) {
    await removeFiles(store, names);
    throw error;
  }
  const now = new Date();
  const filename = cleanFilename(file.name, image.kind);
  try {
    const id = await inTransaction(db, async (trx: DB) => {
      const { id } = await trx
        .insertInto('media')
        .values({
          website_id: staff.websiteId,
          key,
          filename,
          alt,
          width: image.width,
          height: image.height,
          bytes: file.bytes.byteLength,
          widths_json: JSON.stringify(image.files.map((f) => f.width)),
          created_at: now.toISOString(),
          created_by: staff.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'media.uploaded', subject: { kind: 'media', id }, orderId: null, before: null, after: { filename, alt, key, width: image.width, height: image.height } }, now);
      return id;
    });
    return await mediaItem(db, store, staff.websiteId, id);
  } catch (error) {
    await removeFiles(store, names);
    throw error;
  }
}

/** A new alt text for an image of the website. */
export async function updateMediaAlt(db: DB, store: MediaStore, staff: Staff, id: number, alt: string): Promise<MediaItem> {
  await inTransaction(db, async (trx: DB) => {
    const row = await findMedia(trx, staff.websiteId, id);
    await trx.updateTable('media').set({ alt }).where('id', '=', id).execute();
    await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'media.alt_changed', subject: { kind: 'media', id }, orderId: null, before: { alt: row.alt }, after: { alt } });
  });
  return mediaItem(db, store, staff.websiteId, id);
}

/**
 * Deletes an image that nothing uses: 409 naming where it is used otherwise. The row goes first (with its audit
 * row), then its files; a file that cannot be deleted is logged and left (nothing names it any more).
 */
export async function deleteMedia(db: DB, store: MediaStore, staff: Staff, id: number): Promise<{ message: string }> {
  const row = await findMedia(db, staff.websiteId, id);
  const used = (await usageOf(db, staff.websiteId, [row.key])).get(row.key) ?? [];
  if (used.length) {
    throw new ApiError(409, `This image is used on ${used.join(', ')}: take it out there first`, undefined, { used_in: used });
  }
  await inTransaction(db, async (trx: DB) => {
    await trx.deleteFrom('media').where('id', '=', id).where('website_id', '=', staff.websiteId).execute();
    await recordAudit(trx, { websiteId: staff.websiteId, userId: staff.userId, action: 'media.deleted', subject: { kind: 'media', id }, orderId: null, before: { filename: row.filename, alt: row.alt, key: row.key }, after: null });
  });
  await removeFiles(store, (JSON.parse(row.widths_json) as number[]).map((w) => mediaFileName(row.key, w)));
  return { message: `Deleted ${row.filename}` };
}

async function removeFiles(store: MediaStore, names: string[]): Promise<void> {
  for (const name of names) {
    await store.delete(name).catch((error: unknown) => log.warn({ err: error, file: name }, 'a media file could not be deleted'));
  }
}
