import { bodyLimitFor, tooLargeMessage } from '../body-limits.mjs';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** A form post that cannot be read: 400 (malformed), 413 (too large) or 415 (not a form), with a message to show. */
class FormBodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The fields of a form post, read within the body cap (src/lib/body-limits.mjs): only urlencoded and multipart
 * bodies are forms; anything else, a body past the cap or one that does not parse throws a FormBodyError.
 */
async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!FORM_TYPES.has(type.split(';')[0]!.trim().toLowerCase())) {
    throw new FormBodyError(415, 'Please send the form as application/x-www-form-urlencoded or multipart/form-data.');
  }
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const bytes = await readWithin(request, limit);
  try {
    return await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new FormBodyError(400, 'The form could not be read: its body is malformed.');
  }
}

/** The body's bytes, refused with 413 as soon as it passes `limit` (a declared length over it is refused unread). */
async function readWithin(request: Request, limit: number): Promise<Buffer> {
  if (Number(request.headers.get('content-length')) > limit) throw new FormBodyError(413, tooLargeMessage(limit));
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body ?? []) {
    size += chunk.byteLength;
    if (size > limit) throw new FormBodyError(413, tooLargeMessage(limit));
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The fields of a form post, or the plain-text 400/413/415 answer when it cannot be read. */
export async function readFormOrRefusal(request: Request): Promise<FormData | Response> {
  try {
    return await readForm(request);
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    return new Response(error.message, { status: error.status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}
