// @ts-check
// The server's log (docs/operations.md#logs): pino, one JSON object a line on stdout in production, a readable line in
// development. Every line carries `module` (what wrote it) and, while a request is being served, its `request_id`.
// Server-side only (it holds an AsyncLocalStorage); plain JavaScript so the server scripts can import it unbuilt.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino from 'pino';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/**
 * LOG_LEVEL (default info), and LOG_FORMAT: `json` (the default in production) or `pretty` (elsewhere).
 * @param {Record<string, string | undefined>} env
 */
export function logSettings(env = process.env) {
  const asked = env.LOG_LEVEL?.trim().toLowerCase();
  const level = asked && LEVELS.includes(asked) ? asked : 'info';
  const format = env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : env.NODE_ENV === 'production' ? 'json' : 'pretty';
  return { level, format, unknownLevel: asked && !LEVELS.includes(asked) ? asked : null };
}

/** @typedef {{ write(line: string): unknown }} LogSink */

/**
 * A pino line as a person reads it: time, level, [module], message, the other fields, the request, the error's stack.
 * @param {string} line
 */
export function readableLine(line) {
  const { time, level, module, msg, request_id, err, pid, hostname, ...fields } = JSON.parse(line);
  const at = new Date(time);
  const clock = `${at.toTimeString().slice(0, 8)}.${String(at.getMilliseconds()).padStart(3, '0')}`;
  let text = `${clock} ${String(level).toUpperCase().padEnd(5)} ${module ? `[${module}] ` : ''}${msg ?? ''}`;
  for (const [name, value] of Object.entries(fields)) text += ` ${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
  if (request_id) text += ` (request ${request_id})`;
  if (err) text += `\n    ${String(err.stack ?? `${err.type}: ${err.message}`).replaceAll('\n', '\n    ')}`;
  return `${text}\n`;
}

const settings = logSettings();
/** @type {LogSink} */
const stdout = settings.format === 'json' ? pino.destination({ dest: 1, sync: true }) : { write: (line) => process.stdout.write(readableLine(line)) };
/** @type {LogSink} */
let sink = stdout;

/** The request being served, for every line logged while it is. @type {AsyncLocalStorage<{ requestId: string }>} */
const requests = new AsyncLocalStorage();

const root = pino(
  {
    level: settings.level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const request = requests.getStore();
      return request ? { request_id: request.requestId } : {};
    },
  },
  { write: (line) => sink.write(line) },
);

/**
 * The logger of one part of the server: each line carries `{ module }`. Pino's calls: `log.error({ err, order_id }, 'what
 * happened')`, `log.info('what happened')`.
 * @param {string} module
 */
export const logger = (module) => root.child({ module });

if (settings.unknownLevel) logger('log').warn(`LOG_LEVEL "${settings.unknownLevel}" is not one of ${LEVELS.join(', ')}: logging at info`);

/**
 * Sends the lines elsewhere until the returned function is called: tests read them (tests/logs.ts) or drop them.
 * @param {LogSink} destination
 */
export function writeLogsTo(destination) {
  const previous = sink;
  sink = destination;
  return () => {
    sink = previous;
  };
}

/** An incoming X-Request-Id is kept only when it is a short token of safe characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request: the one its X-Request-Id header carries when that is a short safe token (a proxy's), else a new one.
 * @param {string | null | undefined} header
 */
export const requestIdFrom = (header) => (header && SAFE_REQUEST_ID.test(header) ? header : randomUUID());

/**
 * Runs `work` as part of the request `requestId`: every line it logs, through any await, carries the id.
 * @template T
 * @param {string} requestId
 * @param {() => T} work
 * @returns {T}
 */
export const withRequestId = (requestId, work) => requests.run({ requestId }, work);

/**
 * Runs `work` as part of no request, though one is being served: what it starts that outlives the request (the
 * API's start with its timers, a connection pool's events) must not log under that request's id.
 * @template T
 * @param {() => T} work
 * @returns {T}
 */
export const withoutRequest = (work) => requests.exit(work);

/** The id of the request being served, if any. */
export const currentRequestId = () => requests.getStore()?.requestId;
