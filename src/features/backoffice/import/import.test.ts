import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '../../../contract/import-rules';
import { report, row } from './fixtures';
import { appliedText, applyQuestion, applyVerdict, columnName, fileProblem, filterCounts, filterRows, pageOfRows, problemText, sizeText, summaryText } from './import';

describe('the import screen', () => {
  const columns = ['product_slug', 'product_name', 'pack_name', 'warehouse_code', 'price_rupees', 'stock'];

  it('names a problem by its row and its column, with the column\'s spreadsheet letter', () => {
    expect(problemText(4, { column: 'price_rupees', message: 'Price is required' }, columns)).toBe('Row 4, price_rupees (column E): Price is required');
    expect(problemText(7, { column: null, message: 'This row has 3 cells; the header has 6' }, columns)).toBe('Row 7: This row has 3 cells; the header has 6');
    expect(columnName('brand', columns)).toBe('brand');
  });

  it('filters the rows by outcome and pages them, keeping the file\'s order', () => {
    const rows = [row(2, 'created'), row(3, 'error'), row(4, 'updated'), row(5, 'error'), row(6, 'unchanged')];
    expect(filterRows(rows, 'error').map((r) => r.row)).toEqual([3, 5]);
    expect(filterRows(rows, 'all')).toHaveLength(5);
    expect(filterCounts(report(rows).totals)).toEqual({ all: 5, error: 2, created: 1, updated: 1, unchanged: 1 });
    const many = Array.from({ length: 120 }, (_, i) => i + 2);
    expect(pageOfRows(many, 3, 50)).toEqual({ rows: many.slice(100), page: 3 });
    expect(pageOfRows(many, 9, 50).page).toBe(3);
    expect(pageOfRows([], 2, 50)).toEqual({ rows: [], page: 1 });
  });

  it('sums a report up in a line', () => {
    const r = report([row(2, 'created'), row(3, 'created', { new_product: false }), row(4, 'updated'), row(5, 'unchanged'), row(6, 'error')]);
    expect(summaryText(r.totals)).toBe('5 rows: 2 new packs (1 new product), 1 changed, 1 unchanged, 1 with errors');
    expect(summaryText({ ...r.totals, rows: 1200, created: 0, products_created: 0, updated: 1200, unchanged: 0, errors: 0 })).toBe('1,200 rows: 0 new packs, 1,200 changed, 0 unchanged');
  });

  it('lets Apply be pressed only for a checked file with no error and something to do, and says why not', () => {
    expect(applyVerdict(null)).toMatchObject({ can: false });
    expect(applyVerdict(report([row(2, 'created'), row(3, 'error')]))).toEqual({ can: false, why: 'Fix the row with an error in the spreadsheet and choose the file again: nothing is imported while any row has an error.' });
    expect(applyVerdict(report([row(2, 'error'), row(3, 'error')]))).toMatchObject({ why: expect.stringMatching(/^Fix the 2 rows with errors in the spreadsheet/) });
    expect(applyVerdict(report([row(2, 'unchanged')]))).toEqual({ can: false, why: 'Nothing to import: every row is as the shop has it.' });
    expect(applyVerdict(report([row(2, 'updated')], { applied: true }))).toMatchObject({ can: false });
    expect(applyVerdict(report([row(2, 'updated'), row(3, 'unchanged')]))).toEqual({ can: true });
  });

  it('asks before applying and says what was done', () => {
    const totals = report([row(2, 'created'), row(3, 'updated'), row(4, 'updated')]).totals;
    expect(applyQuestion(totals)).toBe('Import 1 new pack and 2 changed packs into the shop? It happens all at once: shoppers see the new prices and stock on their next page.');
    expect(applyQuestion({ ...totals, created: 0 })).toMatch(/^Import 2 changed packs into the shop\?/);
    expect(appliedText(totals)).toBe('Imported: 1 new pack, 1 new product, 2 changed. The shop shows them now.');
  });

  it('refuses a file that is no CSV, too large or empty before sending it', () => {
    expect(fileProblem({ name: 'prices.xlsx', size: 100 })).toMatch(/Choose a \.csv file/);
    expect(fileProblem({ name: 'prices.CSV', size: IMPORT_MAX_BYTES + 1 })).toMatch(/too large: an import may be at most 8 MB/);
    expect(fileProblem({ name: 'prices.csv', size: 0 })).toBe('This file is empty');
    expect(fileProblem({ name: 'prices.csv', size: IMPORT_MAX_BYTES })).toBeNull();
    expect([12, 2048, 2.5 * 1024 * 1024].map(sizeText)).toEqual(['12 bytes', '2 KB', '2.5 MB']);
  });
});
