import { connect } from 'node:net';

export interface RawAnswer {
  /** The status line exactly as the server sent it, e.g. `HTTP/1.1 404 Not Found`. */
  statusLine: string;
  status: number;
  /** Header fields by lower-case name; repeated fields (Set-Cookie) keep every value. */
  headers: Map<string, string[]>;
  body: string;
}

const TIMEOUT_MS = 15_000;

/**
 * Sends one request exactly as written (request line, headers with `Connection: close` added, body) over a
 * plain TCP socket, so request targets a client library would rewrite (absolute-form, bad percent-encoding)
 * reach the server untouched. Reads the whole answer and undoes chunked transfer coding.
 */
export function rawRequest(port: number, requestLine: string, headers: Record<string, string> = {}, body = ''): Promise<RawAnswer> {
  const lines = [requestLine, ...Object.entries({ Host: `localhost:${port}`, ...headers, Connection: 'close' }).map(([k, v]) => `${k}: ${v}`)];
  return new Promise((resolve, reject) => {
    const socket = connect(port, 'localhost');
    const chunks: Buffer[] = [];
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error(`no complete answer to "${requestLine}" within ${TIMEOUT_MS} ms`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

function parseAnswer(raw: Buffer): RawAnswer {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`no header section in: ${raw.toString('latin1').slice(0, 200)}`);
  const [statusLine, ...fields] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const headers = new Map<string, string[]>();
  for (const field of fields) {
    const colon = field.indexOf(':');
    const name = field.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), field.slice(colon + 1).trim()]);
  }
  let body = raw.subarray(split + 4);
  if (headers.get('transfer-encoding')?.[0]?.toLowerCase() === 'chunked') body = unchunk(body);
  return { statusLine: statusLine!, status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') };
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
