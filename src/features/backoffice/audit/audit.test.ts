import { describe, expect, it } from 'vitest';
import { auditRow } from '../people/fixtures';
import { actionWords, auditHref, auditQuery, exportHref, exportNote, filterChoices, readAuditQuery, subjectHref, subjectText } from './audit';
import { $audit, seedAudit, showAudit, type AuditApi } from './store';

describe("the audit log's address", () => {
  it('keeps the filters and page, reads a range the wrong way round the right way, and drops what cannot be one', () => {
    const query = readAuditQuery(new URLSearchParams('who=3&subject=user&subject_id=7&action=user.blocked&from=2026-11-26&to=2026-11-01&page=2&perPage=20'));
    expect(query).toEqual({ filters: { who: '3', subject: 'user', subject_id: '7', action: 'user.blocked', from: '2026-11-01', to: '2026-11-26' }, page: 2, perPage: 20 });
    expect(auditHref(query)).toBe('/bos/admin/audit?who=3&subject=user&subject_id=7&action=user.blocked&from=2026-11-01&to=2026-11-26&page=2&perPage=20');
    expect(auditQuery(query)).toEqual({ who: 3, subject: 'user', subject_id: 7, action: 'user.blocked', from: '2026-11-01', to: '2026-11-26', page: 2, perPage: 20 });
    expect(exportHref(query.filters)).toBe('/s/api/bos/audit/export.csv?who=3&subject=user&subject_id=7&action=user.blocked&from=2026-11-01&to=2026-11-26');
    const junk = readAuditQuery(new URLSearchParams('who=x&subject=Drop%20Table&subject_id=5&action=%3D1&from=2026-02-30&to=tomorrow&perPage=7'));
    expect(junk).toEqual({ filters: { who: '', subject: '', subject_id: '', action: '', from: '', to: '' }, page: 1, perPage: 50 });
    expect(auditHref(junk)).toBe('/bos/admin/audit');
    expect(exportHref(junk.filters)).toBe('/s/api/bos/audit/export.csv');
  });
});

describe('an audit row in words', () => {
  it("says people's, orders' and anyone's actions, and links a subject to its page where it has one", () => {
    expect(actionWords('user.blocked')).toBe('Blocked');
    expect(actionWords('order.packed')).toBe('Marked packed');
    expect(actionWords('product.price_changed')).toBe('Product price changed');
    expect(subjectHref(auditRow(1))).toBe('/bos/admin/people/7');
    expect(subjectHref(auditRow(1, { subject: { kind: 'refund', id: 4, name: null }, order: { id: 12, ordernumber: 'AF-000012' } }))).toBe('/bos/admin/orders/12');
    expect(subjectHref(auditRow(1, { subject: { kind: 'coupon', id: 4, name: null } }))).toBeNull();
    expect(subjectText(auditRow(1))).toBe('User · Asha Verma');
    expect(subjectText(auditRow(1, { subject: { kind: 'form_response', id: 4, name: null } }))).toBe('Form response #4');
  });

  it('offers what the log holds, and keeps a chosen value it no longer offers', () => {
    const choices = filterChoices({ people: [{ id: 3, name: 'Meera Iyer' }], subjects: ['order', 'widget'], actions: ['widget.spun'] }, { who: '9', subject: 'widget', subject_id: '', action: '', from: '', to: '' });
    expect(choices.who).toEqual([{ value: '3', label: 'Meera Iyer' }, { value: '9', label: 'Person #9' }]);
    expect(choices.subject).toEqual([{ value: 'order', label: 'Order' }, { value: 'widget', label: 'Widget' }]);
    expect(choices.action).toEqual([{ value: 'widget.spun', label: 'Widget spun (widget.spun)' }]);
  });

  it('says what the CSV holds', () => {
    expect(exportNote(3)).toBe('The CSV holds all 3 changes shown by these filters.');
    expect(exportNote(12_345)).toBe('The CSV holds the newest 10,000 of these 12,345 changes: narrow the dates for the rest.');
  });
});

describe("the audit log's store", () => {
  it('applies filters as a new history entry at page 1 and drops an answer overtaken by a newer question', async () => {
    seedAudit({ query: readAuditQuery(new URLSearchParams('page=3')), list: { data: [], meta: { total: 0 } }, options: { people: [], subjects: [], actions: [] } });
    const answers: ((value: { data: ReturnType<typeof auditRow>[]; meta: { total: number } }) => void)[] = [];
    const client: AuditApi = { bosAudit: () => new Promise((resolve) => answers.push(resolve)) };
    const hrefs: [string, string][] = [];
    const first = showAudit(client, { filters: { who: '3', subject: '', subject_id: '', action: '', from: '', to: '' } }, (href, how) => hrefs.push([href, how]));
    const second = showAudit(client, { page: 2 }, (href, how) => hrefs.push([href, how]));
    answers[1]!({ data: [auditRow(2)], meta: { total: 60 } });
    answers[0]!({ data: [auditRow(1)], meta: { total: 1 } });
    await Promise.all([first, second]);
    expect(hrefs).toEqual([
      ['/bos/admin/audit?who=3', 'push'],
      ['/bos/admin/audit?who=3&page=2', 'replace'],
    ]);
    expect($audit.get()!.list.data.map((r) => r.id)).toEqual([2]);
    expect($audit.get()!.loading).toBe(false);
  });
});
