import type { APIContext } from 'astro';
import { escapeHtml } from '../escape-html';
import { setFlash } from '../flash';
import { safeReturnPath } from '../redirect';
import { ApiCallError } from './client';
import { readFormOrRefusal } from './form-body';
import { useFormToken } from './form-call';
import { HTML_LANG, splitLocale, type Locale } from '../i18n/locales';
import { translator } from '../i18n/translate';
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
  const { back, next } = to;
  let location = safeReturnPath(back ? back(form) : form.get('return'), '/');
  // A form has no language of its own: it answers in the language of the page it returns to (/hi/… in Hindi):
  // the API's refusals (its Accept-Language), the one-time message's own words and the 403 page.
  const { locale } = splitLocale(location.replace(/[?#].*$/, ''));
  const api = serverApi(context.request, context.locals.forwardToApi, shopperAddress(context), locale);
  try {
    await useFormToken(api, form, context.request);
    const answer = await work(api, form);
    if (next) location = safeReturnPath(next(answer, form), location);
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 403) return refused(error.message, location, locale);
    setFlash(context.cookies, error instanceof Error && error.message ? error.message : translator(locale)('errors.failed'));
  }
  const headers = new Headers({ location });
  for (const cookie of api.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** 403 with a way back, in the language of the page it leads back to: the post changed nothing. */
export function refused(message: string, back: string, locale: Locale = 'en'): Response {
  const t = translator(locale);
  const html = `<!doctype html><html lang="${HTML_LANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('ui.notSent')}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1>${t('ui.unchanged')}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">${t('ui.goBack')}</a></p></body></html>`;
  return new Response(html, { status: 403, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
