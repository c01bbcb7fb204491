/**
 * The server's log lines in tests (src/lib/log.mjs): dropped unless LOG_LEVEL is set (tests/quiet-logs.ts), and read by
 * a test through `loggedWhile`.
 */
import { writeLogsTo } from '../src/lib/log.mjs';

/** One line as pino writes it: the level, what wrote it, the message, the request and the other fields. */
export interface LogLine {
  level: string;
  module?: string;
  msg: string;
  request_id?: string;
  err?: { type: string; message: string; stack: string };
  [field: string]: unknown;
}

/** The lines logged while `work` ran (it runs to its end; its failure is thrown after). */
export async function loggedWhile(work: () => Promise<unknown>): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  const restore = writeLogsTo({ write: (line) => lines.push(JSON.parse(line)) });
  try {
    await work();
  } finally {
    restore();
  }
  return lines;
}
