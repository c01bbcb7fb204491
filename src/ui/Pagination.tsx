import { pageButtons, pageCount as countPages, perPageLabel, ROWS_PER_PAGE_OPTIONS, totalLabel } from '../lib/pagination';

export interface PaginationProps {
  total: number;
  perPage: number;
  page: number;
  /** Buttons that call back (state kept by the island)… */
  onPageChange?: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  /**
   * …or links (state kept in the URL: reload and back keep it, and it works without JavaScript). Rendered
   * without a client directive, the widget ships no script at all.
   */
  hrefFor?: (page: number) => string;
  /** With links: rows per page is a GET form that keeps these query parameters. */
  perPageQuery?: Record<string, string>;
  rowsPerPage?: readonly number[];
  pageCount?: number;
  /** The navigation's name, where a page has more than one list (two landmarks may not share a name). */
  label?: string;
  /**
   * The widget's words in the page's language, given by a server-rendered page from its catalogue (lib/i18n);
   * each left out is the English one.
   */
  words?: PaginationWords;
}

/** The pagination's words: its name, the total ('Total: 120'), the arrows' names. */
interface PaginationWords {
  label?: string;
  total?: string;
  previous?: string;
  next?: string;
  /** The rows-per-page choice: its hidden name, its button, and each option ('{count}' is the number). */
  rowsPerPage?: string;
  show?: string;
  perPage?: string;
}

const ITEM = 'grid min-h-11 min-w-11 place-items-center rounded-md border border-border px-2 text-sm';
const CURRENT = 'border-primary bg-primary text-primary-foreground';

/** Total, rows per page and page buttons (5 visible), as the product's pagination widget (docs/product.md#shared-widgets). */
export function Pagination(props: PaginationProps) {
  const { total, perPage, page, onPageChange, onPerPageChange, hrefFor, perPageQuery, rowsPerPage = ROWS_PER_PAGE_OPTIONS, words = {} } = props;
  const count = props.pageCount ?? countPages(total, perPage);
  const options = rowsPerPage.map((n) => (
    <option key={n} value={n}>
      {words.perPage ? words.perPage.replace('{count}', String(n)) : perPageLabel(n)}
    </option>
  ));
  const item = (target: number, label: string, extra: { rel?: string; 'aria-label'?: string; current?: boolean } = {}) => {
    const { current, ...attrs } = extra;
    const disabled = target < 1 || target > count;
    const className = `${ITEM} ${current ? CURRENT : ''}`;
    if (hrefFor) {
      return disabled ? (
        <span className={`${ITEM} opacity-40`} aria-hidden="true">{label}</span>
      ) : (
        <a className={className} href={hrefFor(target)} data-scroll="top" aria-current={current ? 'page' : undefined} {...attrs}>{label}</a>
      );
    }
    return (
      <button type="button" className={`${className} disabled:opacity-40`} disabled={disabled} aria-current={current ? 'page' : undefined} onClick={() => onPageChange?.(target)} aria-label={attrs['aria-label']}>
        {label}
      </button>
    );
  };
  return (
    <nav aria-label={props.label ?? words.label ?? 'Pagination'} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span>{words.total ?? totalLabel(total)}</span>
      {onPerPageChange && (
        <label className="flex items-center gap-2">
          <span className="sr-only">{words.rowsPerPage ?? 'Rows per page'}</span>
          <select value={perPage} onChange={(e) => onPerPageChange(Number(e.target.value))} className="rounded-md border border-border bg-background px-2 py-1">
            {options}
          </select>
        </label>
      )}
      {perPageQuery && (
        <form method="get" className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
          {Object.entries(perPageQuery).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
          <label className="flex min-w-0 items-center gap-2">
            <span className="sr-only">{words.rowsPerPage ?? 'Rows per page'}</span>
            <select name="perPage" defaultValue={perPage} onChange={(e) => e.currentTarget.form?.requestSubmit()} className="min-h-11 min-w-0 max-w-full rounded-md border border-border bg-background px-2 py-1">
              {options}
            </select>
          </label>
          <button type="submit" className="min-h-11 rounded-md border border-border px-2">{words.show ?? 'Show'}</button>
        </form>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        <li>{item(page - 1, '‹', { rel: 'prev', 'aria-label': words.previous ?? 'Previous page' })}</li>
        {pageButtons(page, count).map((n) => <li key={n}>{item(n, String(n), { current: n === page })}</li>)}
        <li>{item(page + 1, '›', { rel: 'next', 'aria-label': words.next ?? 'Next page' })}</li>
      </ul>
    </nav>
  );
}
