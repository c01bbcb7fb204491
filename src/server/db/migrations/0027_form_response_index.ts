import type { Kysely } from 'kysely';

/**
 * An index for the page builder's Forms screen (docs/page-builder.md#form-responses), on both backends:
 * webui_submissions_form (website_id, formtype, created_at) lets a website's answers be read newest first, of one
 * form or all, counted by form and exported in batches without reading other websites' answers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('webui_submissions_form').on('webui_submissions').columns(['website_id', 'formtype', 'created_at']).execute();
}
