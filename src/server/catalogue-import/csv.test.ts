import { describe, expect, it } from 'vitest';
import { columnLetter, IMPORT_COLUMNS } from '../../contract/import-rules';
import { cellText, csvLines, exportCell, headerProblems, readCsv } from './csv';

describe('the import file as a table', () => {
  it('names columns by their spreadsheet letters', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('takes the header in any case and spacing, and needs only the three columns that name a pack', () => {
    expect(headerProblems(['Product Slug', 'pack-name', ' WAREHOUSE_CODE ', 'stock'])).toEqual([]);
    expect(headerProblems([...IMPORT_COLUMNS])).toEqual([]);
  });

  it('names every unknown, doubled, blank and missing column of a header', () => {
    expect(headerProblems(['product_slug', 'pricee', 'stock', '', 'stock'])).toEqual([
      'Unknown column "pricee" (column B)',
      'Column D has no name in the header',
      'Column stock is in the header twice (columns C and E)',
      'Column pack_name is missing: every row needs it to name its pack',
      'Column warehouse_code is missing: every row needs it to name its pack',
      `The columns are: ${IMPORT_COLUMNS.join(', ')}`,
    ]);
  });

  it('numbers rows as a spreadsheet does (the header is row 1), counting blank rows and multi-line cells as one row', () => {
    const table = readCsv('\uFEFFproduct_slug,pack_name,warehouse_code,description\r\na,1 kg,BLR,"two\nlines"\r\n,,,\r\n\r\nb,"500 g, loose",blr,x\r\n');
    expect(table).toEqual({
      ok: true,
      columns: ['product_slug', 'pack_name', 'warehouse_code', 'description'],
      rows: [
        { row: 2, cells: { product_slug: 'a', pack_name: '1 kg', warehouse_code: 'BLR', description: 'two\nlines' }, problem: null },
        { row: 5, cells: { product_slug: 'b', pack_name: '500 g, loose', warehouse_code: 'blr', description: 'x' }, problem: null },
      ],
    });
  });

  it('says when a row has more or fewer cells than the header (empty trailing cells are fine)', () => {
    const table = readCsv('product_slug,pack_name,warehouse_code\na,b\na,b,BLR,,\na,b,BLR,extra\n');
    expect(table.ok && table.rows.map((r) => [r.row, r.problem])).toEqual([
      [2, 'This row has 2 cells; the header has 3'],
      [3, null],
      [4, 'This row has 4 cells; the header has 3'],
    ]);
  });

  it('refuses a file it cannot read, an empty one, and one with a bad header, with the reason', () => {
    expect(readCsv('')).toEqual({ ok: false, problems: ['The file is empty: its first row must name the columns'] });
    expect(readCsv('product_slug,pack_name,warehouse_code\na,"1 kg,BLR\n')).toEqual({ ok: false, problems: ['The file is not valid CSV: a quoted cell is never closed (row 2)'] });
    expect(readCsv('slug,pack\n')).toMatchObject({ ok: false, problems: expect.arrayContaining(['Unknown column "slug" (column A)']) });
  });

  it('keeps a quote inside a cell that is not quoted (12" pizza)', () => {
    const table = readCsv('product_slug,pack_name,warehouse_code\npizza,12" base,BLR\n');
    expect(table.ok && table.rows[0]!.cells.pack_name).toBe('12" base');
  });

  it("writes a cell a spreadsheet would run as a formula with a ' before it, and reads it back without", () => {
    for (const text of ['=1+2', '+91 98765', '-fresh', '@home', 'plain', "'quoted already"]) expect(cellText(exportCell(text))).toBe(text);
    expect(exportCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(csvLines([['a,b', 'say "hi"'], ['x', '']])).toBe('"a,b","say ""hi"""\r\nx,\r\n');
  });
});
