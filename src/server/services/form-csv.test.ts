import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvColumns, csvFilename, csvHeader, csvLines, csvRow, csvTime } from './form-csv';

describe("a form's answers as CSV", () => {
  it('puts the time first, then the fields by label in order, then answers to fields no longer on the form', () => {
    const columns = csvColumns([{ name: 'name', label: 'Name' }, { name: 'phone', label: 'Phone' }, { name: 'alt', label: 'Phone' }], ['zone', 'name', 'age', 'zone']);
    expect(columns.map((c) => c.header)).toEqual(['Sent (IST)', 'Name', 'Phone (phone)', 'Phone (alt)', 'age (no longer on the form)', 'zone (no longer on the form)']);
    expect(columns.map((c) => c.key)).toEqual([null, 'name', 'phone', 'alt', 'age', 'zone']);
  });

  it("neutralises cells a spreadsheet would run as a formula, and writes checkboxes as Yes or No", () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('Ravi = 1')).toBe('Ravi = 1');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('Yes');
    expect(csvCell(false)).toBe('No');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks so Hindi and any text round-trips, with a BOM and CRLF lines', () => {
    const columns = csvColumns([{ name: 'note', label: 'Note, "quoted"' }], []);
    const note = 'दो किलो, "ताज़ा"\nआटा';
    const file = csvHeader(columns) + csvLines([csvRow(columns, { created_at: '2026-11-26T06:05:00.000Z', answers: { note } })]);
    expect(file.startsWith('\uFEFF')).toBe(true);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(parse(file, { bom: true })).toEqual([['Sent (IST)', 'Note, "quoted"'], ['26 Nov 2026, 11:35 AM', note]]);
  });

  it("names the time and the file on India's clock", () => {
    expect(csvTime('2026-11-25T19:00:00.000Z')).toBe('26 Nov 2026, 12:30 AM');
    expect(csvFilename('contact', new Date('2026-11-25T19:00:00.000Z'))).toBe('contact-answers-2026-11-26.csv');
  });
});
