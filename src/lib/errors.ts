export const FALLBACK_ERROR = "There's been an error, please try again.";

/**
 * The text to show for a failure, in the product's order (docs/product.md#errors): a plain string, a text body, body.msg,
 * body.message, body.error, else the fallback (English unless the page's words give one). A list of messages is joined by line breaks.
 */
export function errorMessage(failure: unknown, fallback = FALLBACK_ERROR): string {
  if (typeof failure === 'string') return failure.trim() || fallback;
  if (Array.isArray(failure)) return failure.map((one) => errorMessage(one, fallback)).join('\n') || fallback;
  if (failure && typeof failure === 'object') {
    const body = 'body' in failure && failure.body !== undefined ? failure.body : failure;
    if (typeof body === 'string' && body.trim()) return body.trim();
    if (body && typeof body === 'object') {
      for (const key of ['msg', 'message', 'error'] as const) {
        const value = (body as Record<string, unknown>)[key];
        if (typeof value === 'string' && value.trim()) return value;
        if (Array.isArray(value) && value.length) return value.map((one) => errorMessage(one, fallback)).join('\n');
      }
    }
  }
  return fallback;
}
