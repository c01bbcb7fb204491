import { ApiCallError } from './client';
import type { ServerApi } from './server';

const EXPIRED = 'Your session has expired, please reload the page';

/**
 * Prepares a server-side API call for a form post without JavaScript. A visitor with a session must send its
 * anti-forgery token: a missing one is refused here, a wrong or another session's one by the API (the token goes
 * with every call, GETs included). A visitor with no session yet (a first visit to a cached page) has nothing
 * to forge, so the session is started here, but only for a post the browser says came from this very origin:
 * another site's form must not plant a session (and a pincode or coupon in it) in the shopper's browser.
 * Refusals are ApiCallError 403, before any call that changes state.
 */
export async function useFormToken(api: ServerApi, form: FormData, request: Request): Promise<void> {
  const token = String(form.get('xsrf') ?? '');
  if (token) return api.useXsrf(token);
  if (api.xsrfCookie) throw new ApiCallError(403, EXPIRED, null);
  if (!sentFromThisOrigin(request)) throw new ApiCallError(403, 'Cross-site form posts are not allowed', null);
  await api.cookie();
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
