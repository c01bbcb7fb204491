import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../../lib/api/client';
import { report, row } from './fixtures';
import { $import, applyFile, chooseFile, emptyImport, showPage, showRows, type ImportApi } from './store';

const file = (text: string, name = 'prices.csv') => ({ name, size: text.length, text: async () => text });

describe('the import screen\'s state', () => {
  beforeEach(() => $import.set(emptyImport()));

  it('checks a chosen file at once with a dry run, and shows its errors first', async () => {
    const checked = report([row(2, 'created'), row(3, 'error')]);
    const client: ImportApi = { bosImport: vi.fn(async () => checked) };
    await chooseFile(client, file('product_slug,pack_name,warehouse_code\n'));
    expect(client.bosImport).toHaveBeenCalledWith('product_slug,pack_name,warehouse_code\n', { dryRun: true });
    expect($import.get()).toMatchObject({ phase: 'checked', report: checked, filter: 'error', page: 1, text: 'product_slug,pack_name,warehouse_code\n', fileErrors: [] });
  });

  it('refuses a file that is no CSV without sending it', async () => {
    const client: ImportApi = { bosImport: vi.fn() };
    await chooseFile(client, file('x', 'prices.xlsx'));
    expect(client.bosImport).not.toHaveBeenCalled();
    expect($import.get()).toMatchObject({ phase: 'idle', file: { name: 'prices.xlsx' }, fileErrors: [expect.stringMatching(/Choose a \.csv file/)] });
  });

  it('shows every problem of a refused file at the file field', async () => {
    const refusal = new ApiCallError(400, 'Unknown column "pricee" (column B)', { message: 'Unknown column "pricee" (column B)', errors: { file: ['Unknown column "pricee" (column B)', 'The columns are: …'] } });
    const client: ImportApi = { bosImport: vi.fn(async () => Promise.reject(refusal)) };
    await chooseFile(client, file('a,pricee\n'));
    expect($import.get()).toMatchObject({ phase: 'idle', report: null, fileErrors: ['Unknown column "pricee" (column B)', 'The columns are: …'] });
  });

  it('keeps only the answer for the file chosen last', async () => {
    let release: (value: ReturnType<typeof report>) => void = () => {};
    const first = new Promise<ReturnType<typeof report>>((resolve) => (release = resolve));
    const second = report([row(2, 'updated')]);
    const client: ImportApi = { bosImport: vi.fn().mockReturnValueOnce(first).mockResolvedValueOnce(second) };
    const slow = chooseFile(client, file('first'));
    await chooseFile(client, file('second'));
    release(report([row(2, 'error')]));
    await slow;
    expect($import.get()).toMatchObject({ text: 'second', report: second });
  });

  it('applies the checked text, and says what was imported', async () => {
    const checked = report([row(2, 'updated')]);
    const applied = { ...checked, dry_run: false, applied: true };
    const client: ImportApi = { bosImport: vi.fn().mockResolvedValueOnce(checked).mockResolvedValueOnce(applied) };
    await chooseFile(client, file('the file'));
    expect(await applyFile(client)).toBe(true);
    expect(client.bosImport).toHaveBeenLastCalledWith('the file', { dryRun: false });
    expect($import.get()).toMatchObject({ phase: 'applied', report: applied, notice: { tone: 'success', text: expect.stringMatching(/^Imported: 0 new packs, 1 changed/) } });
    expect(await applyFile(client)).toBe(false);
    expect(client.bosImport).toHaveBeenCalledTimes(2);
  });

  it('shows the new errors when the apply is refused because the shop changed meanwhile', async () => {
    const now = report([row(2, 'error')], { dry_run: false });
    const client: ImportApi = {
      bosImport: vi.fn().mockResolvedValueOnce(report([row(2, 'updated')])).mockRejectedValueOnce(new ApiCallError(422, 'Nothing was imported: 1 row has an error', { message: '…', report: now })),
    };
    await chooseFile(client, file('the file'));
    expect(await applyFile(client)).toBe(false);
    expect($import.get()).toMatchObject({ phase: 'checked', report: now, filter: 'error', notice: { tone: 'error', text: expect.stringMatching(/^Nothing was imported: the shop changed since the check/) } });
  });

  it('moves between filters and pages', () => {
    showPage(3);
    expect($import.get().page).toBe(3);
    showRows('updated');
    expect($import.get()).toMatchObject({ filter: 'updated', page: 1 });
  });
});
