import type { APIContext } from 'astro';
import { escapeHtml } from '../escape-html';
import { setFlash } from '../flash';
import { safeReturnPath } from '../redirect';
import { ApiCallError } from './client';
import { readFormOrRefusal } from './form-body';
import { useFormToken } from './form-call';
import { serverApi, type ServerApi } from './server';
import { shopperAddress } from '../client-address';

/**
 * A small form's post without JavaScript: read the form (400/413/415 when it cannot be), run one API call with
 * the form's anti-forgery token, keep any error as a one-time message, and send the shopper back where they
 * were (303): the form's `return` path, or `to.back`'s; after a call that succeeded, where `to.next` says. A forged
 * post (token missing, wrong or another session's; another site) is answered 403.
 */
export async function handleSmallForm<T>(
  context: APIContext,
  work: (api: ServerApi, form: FormData) => Promise<T>,
  to: { back?: (form: FormData) => string; next?: (answer: T, form: FormData) => string } = {},
): Promise<Response> {
  const form = await readFormOrRefusal(context.request);
  if (form instanceof Response) return form;
  const api = serverApi(context.request, context.locals.forwardToApi, shopperAddress(context));
  const { back, next } = to;
  let location = safeReturnPath(back ? back(form) : form.get('return'), '/');
  try {
    await useFormToken(api, form, context.request);
    const answer = await work(api, form);
    if (next) location = safeReturnPath(next(answer, form), location);
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 403) return refused(error.message, location);
    setFlash(context.cookies, error instanceof Error ? error.message : 'Something went wrong');
  }
  const headers = new Headers({ location });
  for (const cookie of api.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** 403 with a way back: the post changed nothing. */
function refused(message: string, back: string): Response {
  const html = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not sent</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1>Nothing was changed</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Go back and try again</a></p></body></html>`;
  return new Response(html, { status: 403, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
