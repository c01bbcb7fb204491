/** The pagination widget's arithmetic (docs/product.md#shared-widgets), shared by the server-rendered and React versions. */

export const ROWS_PER_PAGE_OPTIONS = [5, 10, 20, 50, 100] as const;
const VISIBLE_PAGE_BUTTONS = 5;

export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)));

/** The page numbers to show as buttons: at most `visible`, centred on the current page where possible. */
export function pageButtons(page: number, count: number, visible = VISIBLE_PAGE_BUTTONS): number[] {
  const current = Math.min(Math.max(1, page), count);
  const size = Math.min(visible, count);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), count - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** The labels the product gives: 'Total: N' and 'N per page'. */
export const totalLabel = (total: number) => `Total: ${total}`;
export const perPageLabel = (perPage: number) => `${perPage} per page`;
