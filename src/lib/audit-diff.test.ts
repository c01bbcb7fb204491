import { describe, expect, it } from 'vitest';
import { auditChanges, changeLineText, changeSummary, codeWords, keyLabel, valueText } from './audit-diff';

describe('an audit row in words', () => {
  it('shows only the parts that changed, with their labels and both sides', () => {
    expect(auditChanges({ status: 'placed', id: 4 }, { status: 'confirmed', id: 4 })).toEqual([{ label: 'status', before: 'placed', after: 'confirmed' }]);
    expect(changeSummary({ has_admin_access: false, blocked: false }, { has_admin_access: true, blocked: true })).toBe('back-office access: no → yes; blocked: no → yes');
  });

  it('says what a list gained and lost', () => {
    const [line] = auditChanges({ permissions: ['order:view', 'people:manage'] }, { permissions: ['people:manage', 'catalogue:manage'] });
    expect(line).toEqual({ label: 'permissions', before: 'order:view, people:manage', after: 'people:manage, catalogue:manage', added: ['catalogue:manage'], removed: ['order:view'] });
    expect(changeLineText(line!)).toBe('permissions: + catalogue:manage, − order:view');
    // The same members in another order: no change.
    expect(auditChanges({ permissions: ['a', 'b'] }, { permissions: ['b', 'a'] })).toEqual([]);
    expect(changeSummary({ permissions: [] }, { permissions: ['x'] })).toBe('permissions: + x');
  });

  it('reads money in rupees, rates in percent, times in India and nothing as a dash', () => {
    expect(changeSummary({ price_paise: 5000 }, { price_paise: 4550 })).toBe('price: ₹50.00 → ₹45.50');
    expect(changeSummary({ sales_agent: false, commission_bps: 200 }, { sales_agent: true, commission_bps: 350 })).toBe('sales agent: no → yes; commission: 2% → 3.5%');
    expect(changeSummary({ at: null }, { at: '2026-11-25T18:30:00.000Z' })).toBe('at: — → Nov 26, 2026 12:00 AM');
    expect(changeSummary(null, { code: 'DIWALI', value: 10, ends_at: null })).toBe('code: DIWALI; value: 10');
    expect(changeSummary({ blocked: false }, { blocked: true, sessions_ended: 2 })).toBe('blocked: no → yes; sessions ended: 2');
    expect(changeSummary({ url: '/about', title: 'About' }, null)).toBe('url: /about → —; title: About → —');
  });

  it('walks nested objects and lists of objects by their path', () => {
    expect(changeSummary({ address: { city: 'Pune', pincode: '411001' } }, { address: { city: 'Mumbai', pincode: '411001' } })).toBe('address › city: Pune → Mumbai');
    expect(changeSummary({ lines: [{ qty: 1 }, { qty: 2 }] }, { lines: [{ qty: 1 }, { qty: 3 }] })).toBe('lines › #2 › qty: 2 → 3');
  });

  it('keeps long text short and says a row without a change', () => {
    const long = 'x'.repeat(400);
    expect(valueText(long)).toHaveLength(160);
    expect(valueText(long).endsWith('…')).toBe(true);
    expect(changeSummary({ a: 1 }, { a: 1 })).toBe('no change recorded');
    expect(changeSummary(null, null)).toBe('no change recorded');
    // A side recorded as plain text (not JSON) reads as itself.
    expect(auditChanges('old', 'new')).toEqual([{ label: '', before: 'old', after: 'new' }]);
  });

  it('leaves out an id beside the name it stands for', () => {
    expect(changeSummary({ agent: 'Ravi', agent_id: 2 }, { agent: 'Sita', agent_id: 7 })).toBe('sales agent: Ravi → Sita');
    expect(changeSummary({ warehouse_id: 2 }, { warehouse_id: 3 })).toBe('warehouse id: 2 → 3');
  });

  it('puts codes in words', () => {
    expect(keyLabel('max_discount_paise')).toBe('max discount');
    expect(keyLabel('superadmin')).toBe('super administrator');
    expect(codeWords('form_response')).toBe('Form response');
    expect(codeWords('user.roles_changed')).toBe('User roles changed');
  });
});
