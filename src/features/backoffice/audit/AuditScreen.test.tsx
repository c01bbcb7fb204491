import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { auditRow } from '../people/fixtures';
import AuditScreen from './AuditScreen';
import { readAuditQuery } from './audit';

describe('the audit log as the server renders it', () => {
  it('shows when in India, who, what about what, and before → after in words; and the CSV of the same filters', () => {
    const html = renderToString(
      <AuditScreen
        query={readAuditQuery(new URLSearchParams('subject=user'))}
        list={{ data: [auditRow(1, { reason: 'New manager' }), auditRow(2, { action: 'widget.spun', subject: { kind: 'widget', id: 9, name: null }, before: { speed_bps: 150 }, after: { speed_bps: 200 } })], meta: { total: 2 } }}
        options={{ people: [{ id: 3, name: 'Meera Iyer' }], subjects: ['user', 'widget'], actions: ['user.roles_changed', 'widget.spun'] }}
      />,
    );
    const text = html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');
    expect(text).toContain('|Nov 26, 2026 12:00 AM|Meera Iyer|Roles and permissions changed|User · Asha Verma|Reason: New manager|permissions: |+ |added |catalogue:manage|');
    expect(text).toContain('|Widget spun|Widget #9|speed: |1.5%| → | changed to |2%|');
    expect(html).toContain('href="/bos/admin/people/7"');
    expect(html).toContain('href="/s/api/bos/audit/export.csv?subject=user"');
    expect(html).toContain('The CSV holds all 2 changes shown by these filters.');
  });
});
