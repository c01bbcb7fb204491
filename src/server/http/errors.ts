import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { currentRequestId, logger } from '../../lib/log.mjs';
import { isDatabaseUnavailable } from '../db/unavailable';

const log = logger('api');

/** A failure the API answers on purpose: a status and a message a shopper can read. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** More of the answer's body, such as the reasons per line of a refused order. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new ApiError(404, what);

/** What a shopper reads while the database is away. */
export const UNAVAILABLE_MESSAGE = 'The shop is not available right now, please try again shortly';

/**
 * Answers every thrown error as JSON `{ message }`: the database being away is a 503 (with Retry-After),
 * unexpected errors are logged and hidden behind a 500. Both logged answers carry the request's id (`request_id`,
 * the X-Request-Id of the answer and of the log line), so a shopper's report leads to its line.
 */
export function errorAnswer(err: Error, c: Context): Response {
  if (err instanceof ApiError) return c.json({ ...err.details, message: err.message, errors: err.errors }, err.status);
  if (err instanceof HTTPException) return c.json({ message: err.message || 'Bad request' }, err.status);
  if (isDatabaseUnavailable(err)) {
    log.error(`${c.req.method} ${new URL(c.req.url).pathname}: database unavailable: ${err.message}`);
    c.header('Retry-After', '5');
    c.header('Cache-Control', 'no-store');
    return c.json({ message: UNAVAILABLE_MESSAGE, request_id: currentRequestId() }, 503);
  }
  log.error({ err }, `${c.req.method} ${new URL(c.req.url).pathname}: ${err.message}`);
  return c.json({ message: 'Something went wrong', request_id: currentRequestId() }, 500);
}

/**
 * Turns a zod failure into the 400 answer: the first problem as the message, every problem by field. A message is
 * the field's own words ('Mobile number or email is required'), never prefixed with the field's code name: the
 * field's key is in `errors`, and messages the schemas leave unworded are worded by contract/messages.ts.
 */
export function validationAnswer(error: ZodError, c: Context): Response {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  return c.json({ message: error.issues[0]?.message ?? 'Invalid request', errors }, 400);
}
