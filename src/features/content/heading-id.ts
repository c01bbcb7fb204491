/** The id of a block's heading, from its kind and its title, for the block to be named by it (aria-labelledby). */
export const headingId = (kind: string, title: string | null | undefined): string | undefined =>
  title ? `${kind}-${title.toLowerCase().replace(/[^a-z0-9\u0900-\u097f]+/g, '-')}` : undefined;
