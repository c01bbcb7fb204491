import { defineMiddleware } from 'astro:middleware';
import { currentRequestId, logger, requestIdFrom, withRequestId } from './log.mjs';
import { localizePath, splitLocale } from './i18n/locales';

const log = logger('pages');

/** The page the shopper sees when a page fails unexpectedly: src/pages/500.astro, with the request id. */
const ERROR_ROUTE = '/500';

/** Each request's id by its Request, for the pass Astro makes again through the middleware to render its 500 page. */
const ids = new WeakMap<Request, string>();

/**
 * Every request the shell serves has an id (docs/operations.md#logs): the caller's X-Request-Id when it is a short safe
 * token (a proxy's), else a new one. Every line logged while it is served carries it (the API's too, which it calls
 * in this process or sends it to), and its answer has it in X-Request-Id. A page that fails unexpectedly is logged
 * with its stack and answered with the 500 page, which shows the id as a reference.
 */
export const pageRequestIds = defineMiddleware((context, next) => {
  const id = currentRequestId() ?? ids.get(context.request) ?? requestIdFrom(context.request.headers.get('x-request-id'));
  ids.set(context.request, id);
  context.locals.requestId = id;
  return withRequestId(id, async () => {
    let response: Response;
    try {
      response = await next();
    } catch (error) {
      log.error({ err: error }, `${context.request.method} ${context.url.pathname}: ${error instanceof Error ? error.message : String(error)}`);
      // In development Astro shows the error instead (MODE, not DEV: a build made from inside Vitest inherits its DEV=1).
      // The 500 page in the language of the address (its rewrite passes through the language's middleware again).
      const { locale, path } = splitLocale(context.url.pathname);
      if (import.meta.env.MODE === 'development' || path === ERROR_ROUTE) throw error;
      response = await context.rewrite(localizePath(ERROR_ROUTE, context.locals.locale ?? locale)).catch(() => plainError(id));
    }
    return withRequestIdHeader(response, id);
  });
});

function withRequestIdHeader(response: Response, id: string): Response {
  try {
    response.headers.set('X-Request-Id', id);
    return response;
  } catch {
    // A redirect made by Response.redirect, or a fetched answer, has frozen headers: answer a copy.
    const copy = new Response(response.body, response);
    copy.headers.set('X-Request-Id', id);
    return copy;
  }
}

/** The 500 answer when even the 500 page could not be rendered: plain, with the reference. */
function plainError(id: string): Response {
  const html = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1>Something went wrong</h1><p>This page could not be shown. Please try again in a moment.</p><p>Reference: <code>${id}</code></p></body></html>`;
  return new Response(html, { status: 500, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
