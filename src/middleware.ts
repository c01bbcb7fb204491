import { defineMiddleware } from 'astro:middleware';
import { serverApi } from './lib/api/server';

/** Paths Astro serves without the shell: the API itself and built assets. */
const isBare = (path: string) => path.startsWith('/s/') || path.startsWith('/_astro/') || path.startsWith('/_image');

/**
 * For every page: one init call (website by Host, the visitor's session, cart and user) before rendering,
 * and any cookie the API set passed on to the browser.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (isBare(context.url.pathname)) return next();
  const api = serverApi(context.request);
  context.locals.api = api;
  context.locals.init = await api.init();
  const response = await next();
  for (const cookie of api.setCookies) response.headers.append('set-cookie', cookie);
  return response;
});
