import type { ServerApi } from './server';

/**
 * Prepares a server-side API call for a form post without JavaScript: the anti-forgery token is the one the
 * form carries (rendered from the shopper's session). A visitor who had no session when the page was
 * rendered has nothing to forge yet; the session is started here. Astro's origin check has already refused
 * cross-site posts.
 */
export async function useFormToken(api: ServerApi, form: FormData): Promise<void> {
  let token = String(form.get('xsrf') ?? '');
  if (!token && !api.xsrfCookie) {
    await api.cookie();
    token = api.xsrfCookie;
  }
  api.useXsrf(token);
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
