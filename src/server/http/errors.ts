import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { refusals } from '../../lib/i18n/messages/en/refusals';
import { translator, type Translate } from '../../lib/i18n/translate';
import { currentRequestId, logger } from '../../lib/log.mjs';
import { isDatabaseUnavailable } from '../db/unavailable';
import { requestLocale } from './language';
import { fieldMessage } from '../../lib/i18n/field-messages';

const log = logger('api');

export type RefusalKey = keyof typeof refusals;
/** A refusal's parameters: text, numbers (written with Indian grouping), or another refusal said inside it. */
export type RefusalParams = Readonly<Record<string, string | number | Refusal>>;

/**
 * A shopper-facing refusal's words: a key of the refusals catalogue (lib/i18n/messages/en/refusals.ts) and its
 * parameters, said in the request's language when the API answers (`errorAnswer`). `refusal('refusals.onlyLeft',
 * { count: 3 })` is 'Only 3 left in stock' in English, 'स्टॉक में केवल 3 बचे हैं' in Hindi.
 */
export class Refusal {
  constructor(
    readonly key: RefusalKey,
    readonly params?: RefusalParams,
  ) {}

  /** Its words in a language (`t`, the language's translator); a refusal inside its parameters too. */
  say(t: Translate): string {
    if (!this.params) return t(this.key);
    const params = Object.fromEntries(Object.entries(this.params).map(([name, value]) => [name, value instanceof Refusal ? value.say(t) : value]));
    return t(this.key, params);
  }

  /** Its English words, the text an English answer carries and the logs read. */
  toString(): string {
    return this.say(ENGLISH);
  }
}

const ENGLISH = translator('en');

export const refusal = (key: RefusalKey, params?: RefusalParams) => new Refusal(key, params);

/** A message that is a refusal's words or, staff-only, English text as it is. */
export type Words = string | Refusal;

/** The words in a language: a refusal translated, English text (a staff-only refusal) as it is. */
const say = (words: Words, t: Translate): string => (typeof words === 'string' ? words : words.say(t));

/**
 * A failure the API answers on purpose: a status and a message a shopper can read. A shopper's refusal is a
 * `refusal(key, params)` and is answered in the request's language; the staff's (back office, page builder, the
 * agent's tools) are English text.
 */
export class ApiError extends Error {
  readonly words: Words;
  constructor(
    readonly status: ContentfulStatusCode,
    message: Words,
    readonly errors?: Record<string, Words[]>,
    /** More of the answer's body, such as the reasons per line of a refused order (a Refusal in it is translated). */
    readonly details?: Record<string, unknown>,
  ) {
    super(String(message));
    this.words = message;
  }
}

export const notFound = (what: Words = refusal('refusals.notFound')) => new ApiError(404, what);

/** What a shopper reads while the database is away. */
export const UNAVAILABLE_MESSAGE = 'The shop is not available right now, please try again shortly';

/** Refusals anywhere in an answer's details, said in a language (arrays and plain objects walked). */
function sayAll(value: unknown, t: Translate): unknown {
  if (value instanceof Refusal) return value.say(t);
  if (Array.isArray(value)) return value.map((v) => sayAll(v, t));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sayAll(v, t)]));
  }
  return value;
}

/** The translator of the request's language. */
export const requestSay = (c: Context): Translate => translator(requestLocale(c));

/**
 * Answers every thrown error as JSON `{ message }` in the request's language (requestLocale): the database being
 * away is a 503 (with Retry-After), unexpected errors are logged and hidden behind a 500. Both logged answers
 * carry the request's id (`request_id`, the X-Request-Id of the answer and of the log line), so a shopper's report
 * leads to its line.
 */
export function errorAnswer(err: Error, c: Context): Response {
  const t = requestSay(c);
  if (err instanceof ApiError) {
    const errors = err.errors && Object.fromEntries(Object.entries(err.errors).map(([field, list]) => [field, list.map((w) => say(w, t))]));
    return c.json({ ...(sayAll(err.details, t) as Record<string, unknown> | undefined), message: say(err.words, t), errors }, err.status);
  }
  if (err instanceof HTTPException) return c.json({ message: err.message || t('refusals.badRequest') }, err.status);
  if (isDatabaseUnavailable(err)) {
    log.error(`${c.req.method} ${new URL(c.req.url).pathname}: database unavailable: ${err.message}`);
    c.header('Retry-After', '5');
    c.header('Cache-Control', 'no-store');
    return c.json({ message: t('refusals.unavailable'), request_id: currentRequestId() }, 503);
  }
  log.error({ err }, `${c.req.method} ${new URL(c.req.url).pathname}: ${err.message}`);
  return c.json({ message: t('refusals.failed'), request_id: currentRequestId() }, 500);
}

/**
 * Turns a zod failure into the 400 answer: the first problem as the message, every problem by field. A message is
 * the field's own words ('Mobile number or email is required'), never prefixed with the field's code name: the
 * field's key is in `errors`, and messages the schemas leave unworded are worded by contract/messages.ts. In Hindi,
 * a shopper's field message is said by field-messages.ts (keyed by its English words); any other stays English.
 */
export function validationAnswer(error: ZodError, c: Context): Response {
  const locale = requestLocale(c);
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    (errors[field] ??= []).push(fieldMessage(issue.message, locale));
  }
  const first = error.issues[0]?.message;
  return c.json({ message: first === undefined ? fieldMessage('Invalid request', locale) : fieldMessage(first, locale), errors }, 400);
}
