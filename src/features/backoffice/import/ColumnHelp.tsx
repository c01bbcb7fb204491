import { CATALOGUE_EXPORT_HREF } from '../../../lib/api/bos-import';
import { IMPORT_COLUMN_HELP } from './columns';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** The file's columns, each in a line, folded away until asked for. */
export function ColumnHelp() {
  return (
    <details className="rounded-lg border border-border p-4" data-import-help>
      <summary className={`cursor-pointer text-sm font-medium ${FOCUS}`}>The file's columns</summary>
      <p className="mt-3 text-sm text-muted-foreground">
        One row per pack, the header first. Only product_slug, pack_name and warehouse_code are needed in every file: leave out a column to keep what
        the shop has (a stock count needs only those three and stock). <a href={CATALOGUE_EXPORT_HREF} className={`text-primary underline ${FOCUS}`}>The export</a> has every column.
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm md:grid-cols-[12rem_1fr]">
        {IMPORT_COLUMN_HELP.map(([column, help]) => (
          <div key={column} className="contents">
            <dt className="font-mono text-xs leading-5">{column}</dt>
            <dd className="text-muted-foreground">{help}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
