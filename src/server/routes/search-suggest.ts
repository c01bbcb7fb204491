import { createRoute } from '@hono/zod-openapi';
import { SuggestQuery, Suggestions } from '../../contract';
import { requestLocale } from '../http/language';
import { errorResponses, jsonAnswer, router } from '../http/router';
import { suggest } from '../services/search-suggest';

export const searchSuggestRoutes = router();

/**
 * The same for every visitor (no session is read or made): a browser keeps an answer a minute, a shared cache
 * five, and may serve it stale for ten more while it asks again.
 */
const PUBLIC_SHORT = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

searchSuggestRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/search/suggest',
    tags: ['catalogue'],
    summary: 'Suggestions as the shopper types: product, category and brand names whose words start with the typed words',
    description:
      'Up to 8 products (the most popular first), 4 categories and 4 brands. Each name comes in parts, the matched ' +
      'start of each word marked (`match: true`), as text to render, never HTML. The website\'s search synonyms apply ' +
      '(a typed "chini" also suggests sugar). Empty q answers empty lists.',
    request: { query: SuggestQuery },
    responses: { 200: jsonAnswer(Suggestions, 'Suggestions'), ...errorResponses([400]) },
  }),
  async (c) => {
    c.header('Cache-Control', PUBLIC_SHORT);
    // Names in the request's language: a shared cache keeps one answer per language.
    c.header('Vary', 'Accept-Language');
    return c.json(await suggest(c.var.deps.db, c.req.valid('query').q, c.var.website.id, requestLocale(c)), 200);
  },
);
