import { z } from 'zod';
import { Text } from './rules';
import { SUGGEST_MAX_LENGTH } from './suggest-limits';
export { SUGGEST_LIMITS } from './suggest-limits';

/** GET /api/search/suggest?q=: what the shopper has typed so far; empty (or only spaces) answers empty lists. */
export const SuggestQuery = z.object({
  q: Text('Search', { max: SUGGEST_MAX_LENGTH, trim: false }).default(''),
});
export type SuggestQuery = z.infer<typeof SuggestQuery>;

/** A piece of a suggested name: `match` when it is the part the typed text matched (shown highlighted). Text, never HTML. */
export const SuggestPart = z.object({ text: z.string(), match: z.boolean() }).meta({ id: 'SuggestPart' });
export type SuggestPart = z.infer<typeof SuggestPart>;

/** A product, category or brand whose name matches, with its slug (the product page, or the listing filtered by it). */
export const Suggestion = z
  .object({ name: z.string(), slug: z.string(), parts: z.array(SuggestPart) })
  .meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof Suggestion>;

/** Names that match what was typed, word by word from the start of a word; products the most popular first. */
export const Suggestions = z
  .object({ q: z.string(), products: z.array(Suggestion), categories: z.array(Suggestion), brands: z.array(Suggestion) })
  .meta({ id: 'Suggestions' });
export type Suggestions = z.infer<typeof Suggestions>;
