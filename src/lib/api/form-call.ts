import { ApiCallError } from './client';
import type { ServerApi } from './server';

const EXPIRED = 'Your session has expired, please reload the page';

/**
 * Prepares a server-side API call for a form post without JavaScript. A form that carries the anti-forgery token
 * is checked by the API (a wrong or another session's token is refused; the token goes with every call, GETs
 * included). A form without one comes from a shared page, drawn the same for everyone (a visitor's first page, or
 * the part of a shopper's page that is not personal: docs/scaling-and-caching.md#personal-parts): it is taken only
 * when the browser says the post came from this very origin (Sec-Fetch-Site, else Origin), which another site's
 * form cannot say; then the session's own token is used, or, for a visitor with no session yet, a session is
 * started (so another site's form cannot plant one, with a pincode or coupon in it, either). Refusals are
 * ApiCallError 403, before any call that changes state.
 */
export async function useFormToken(api: ServerApi, form: FormData, request: Request): Promise<void> {
  const token = String(form.get('xsrf') ?? '');
  if (token) return api.useXsrf(token);
  if (!sentFromThisOrigin(request)) throw new ApiCallError(403, api.xsrfCookie ? EXPIRED : 'Cross-site form posts are not allowed', null);
  if (!api.xsrfCookie) await api.cookie();
  api.useXsrf(api.xsrfCookie);
}

/** True when the browser says the post came from a page of this origin (Sec-Fetch-Site, else Origin). */
function sentFromThisOrigin(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin';
  return request.headers.get('origin') === new URL(request.url).origin;
}

/** The per-field messages of a refused call (400 with `errors`), for showing under each field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const body = (error as { body?: { errors?: Record<string, string[]> } } | null)?.body;
  return Object.fromEntries(Object.entries(body?.errors ?? {}).map(([field, messages]) => [field, messages[0] ?? '']));
}

/** How a refused form call is shown: messages under the fields when the API named fields, else one message. */
export function formFailure(error: unknown): { fields: Record<string, string>; message?: string } {
  const fields = fieldErrors(error);
  if (Object.keys(fields).length) return { fields };
  return { fields, message: error instanceof Error ? error.message : 'Something went wrong' };
}
