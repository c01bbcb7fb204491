import { pageButtons, pageCount as countPages, perPageLabel, ROWS_PER_PAGE_OPTIONS, totalLabel } from '../lib/pagination';

export interface PaginationProps {
  total: number;
  perPage: number;
  page: number;
  onPageChange: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  rowsPerPage?: readonly number[];
  pageCount?: number;
}

/** Total, rows per page and page buttons (5 visible), as the spec's pagination widget (sections 3 and 9). */
export function Pagination({ total, perPage, page, onPageChange, onPerPageChange, rowsPerPage = ROWS_PER_PAGE_OPTIONS, pageCount }: PaginationProps) {
  const count = pageCount ?? countPages(total, perPage);
  const button = 'min-w-9 rounded-md border border-border px-2 py-1 text-sm disabled:opacity-40';
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span>{totalLabel(total)}</span>
      {onPerPageChange && (
        <label className="flex items-center gap-2">
          <span className="sr-only">Rows per page</span>
          <select value={perPage} onChange={(e) => onPerPageChange(Number(e.target.value))} className="rounded-md border border-border bg-background px-2 py-1">
            {rowsPerPage.map((n) => (
              <option key={n} value={n}>
                {perPageLabel(n)}
              </option>
            ))}
          </select>
        </label>
      )}
      <ul className="flex items-center gap-1">
        <li>
          <button type="button" className={button} disabled={page <= 1} onClick={() => onPageChange(page - 1)} aria-label="Previous page">
            ‹
          </button>
        </li>
        {pageButtons(page, count).map((n) => (
          <li key={n}>
            <button
              type="button"
              className={`${button} ${n === page ? 'border-primary bg-primary text-primary-foreground' : ''}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPageChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={button} disabled={page >= count} onClick={() => onPageChange(page + 1)} aria-label="Next page">
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
}
