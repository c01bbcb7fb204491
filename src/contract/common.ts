import { z } from 'zod';
import { Text } from './rules';

/** Every failure: a human message, and per-field messages for validation failures. */
export const ErrorBody = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    max_quantity: z.number().int().optional().meta({ description: "A quantity over a pack's limit: the most its line may hold" }),
    request_id: z.string().optional().meta({ description: "An unexpected failure's request id, as in the shop's log and X-Request-Id" }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Rupees as the JSON carries them: computed once from integer paise, at most two decimals. */
export const Rupees = z.number().meta({ description: 'Amount in rupees (INR), from integer paise' });

/**
 * An id in a path, query or body: a positive integer, as a JSON number or as the digits of a path or query. An id
 * left out is "required" (z.coerce.number would read it as NaN, and true as 1).
 */
export const Id = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number().int().positive().max(2_147_483_647, 'No such id'),
);

/**
 * A yes/no field: JSON true or false, or the text "true" or "false" (as a query string or a form sends it) read
 * as such. Anything else ("1", "yes", "False", 0, null) is refused, never guessed: z.coerce.boolean would read
 * "false" as true.
 */
export const Flag = (label: string) =>
  z
    .preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: `${label} must be true or false` }))
    .meta({ description: 'true or false (the text "true" or "false" is read as such)' });

export const Ok = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
export const Message = z.object({ message: z.string() }).meta({ id: 'Message' });

/** A path id such as /api/order/cancel/{id}. */
export const IdParam = z.object({ id: Id });
/** A slug in a path such as /api/products/{slug}: text (the text rule: a %00 is a 400, never a database error). */
export const SlugParam = z.object({ slug: Text('Product address', { required: true, max: 200, trim: false }) });

/** The most rows one page of a list may ask for. */
const MAX_PAGE_SIZE = 100;
const pageWords = 'page must be a whole number from 1';
const perPageWords = `perPage must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/** page and perPage of a paged list's query (products, orders), bounded, with the list's default page size. */
export const pagingQuery = (defaultPerPage: number) => ({
  page: z.coerce.number({ error: pageWords }).int(pageWords).min(1, pageWords).max(100_000).default(1),
  perPage: z.coerce.number({ error: perPageWords }).int(perPageWords).min(1, perPageWords).max(MAX_PAGE_SIZE, perPageWords).default(defaultPerPage),
});

const dateWords = 'must be a date as YYYY-MM-DD';
/** A calendar date, YYYY-MM-DD (a real one: 2026-02-30 is refused, never a 500), named in its refusals. */
export const CalendarDate = (name: string) =>
  z
    .string({ error: `${name} ${dateWords}` })
    .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${name} ${dateWords}`)
    // zod runs this check after a failed regex too: an unparseable value must answer false, not throw (a 500).
    .refine((v) => {
      const day = new Date(`${v}T00:00:00Z`);
      return Number.isNaN(day.getTime()) || day.toISOString().startsWith(v);
    }, `${name} is not a real date`);

