/** The listing's page size and sort options: plain constants, so browser code can use them without zod. */
export const PAGE_SIZE = 24;
/** Sort options of the listing; relevance applies when there is search text, popularity otherwise. */
export const SORTS = ['relevance', 'popularity', 'price_asc', 'price_desc', 'newest', 'discount'] as const;
export type Sort = (typeof SORTS)[number];
