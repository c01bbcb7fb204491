import { describe, expect, it } from 'vitest';
import type { BosZone } from '../../../contract/bos-delivery';
import { MAX_PASTED_PINCODES, parsePincodes, pastedPincodesProblem } from '../../../contract/pincode-paste';
import {
  chargeText, codText, deliveryText, formOf, listHref, pasteBody, pastePreview, problemsFromApi, readListQuery, removePincodeQuestion, removeZoneQuestion, sameForm, warehousesText, zoneBody,
  zonesCaption, type ZoneForm,
} from './zones';

const zone = (change: Partial<BosZone> = {}): BosZone => ({
  id: 7, name: 'Whitefield', charge_paise: 4000, free_above_paise: 60_000, min_order_paise: 12_050, cod_allowed: true, cod_limit_paise: null, lead_days: 1,
  window_start: '08:00', window_end: '12:30', warehouse_ids: [1, 3], pincode_count: 12, ...change,
});

describe('pasted pincodes', () => {
  it('are read from commas, semicolons, spaces, tabs and new lines, each once, in the order pasted', () => {
    expect(parsePincodes('560001,560002;560003 560004\t560005\n560006\r\n560001')).toEqual({
      pincodes: ['560001', '560002', '560003', '560004', '560005', '560006'], invalid: [], repeats: 1,
    });
    expect(parsePincodes('  ,\n 560001 ,, \n\n')).toEqual({ pincodes: ['560001'], invalid: [], repeats: 0 });
    expect(parsePincodes('')).toEqual({ pincodes: [], invalid: [], repeats: 0 });
  });

  it('read a pincode written the Indian way, with a space after its third digit, as one', () => {
    expect(parsePincodes('560 001, 110 001\n400 028').pincodes).toEqual(['560001', '110001', '400028']);
    expect(parsePincodes('560001 560002').pincodes).toEqual(['560001', '560002']);
    // Three digits then three more only: a six-digit one beside another stays two.
    expect(parsePincodes('5600 001')).toEqual({ pincodes: [], invalid: ['5600', '001'], repeats: 0 });
  });

  it('keep what is not a pincode (6 digits, not starting with 0), each once, for the refusal to name', () => {
    const pasted = parsePincodes('560001 56000 0560001 5600011 abcdef 56000 560-001');
    expect(pasted.pincodes).toEqual(['560001']);
    expect(pasted.invalid).toEqual(['56000', '0560001', '5600011', 'abcdef', '560-001']);
    expect(pastedPincodesProblem(pasted)).toBe('These are not pincodes (6 digits, not starting with 0): 56000, 0560001, 5600011, abcdef, 560-001');
    expect(pastedPincodesProblem(parsePincodes('560001 012345'))).toBe('This is not a pincode (6 digits, not starting with 0): 012345');
    expect(pastedPincodesProblem(parsePincodes('1 2 3 4 5 6 7'))).toBe('These are not pincodes (6 digits, not starting with 0): 1, 2, 3, 4, 5 and 2 more');
    expect(pastedPincodesProblem(parsePincodes('x'.repeat(40)))).toBe(`This is not a pincode (6 digits, not starting with 0): ${'x'.repeat(12)}…`);
  });

  it('are refused when none is pasted or too many at once', () => {
    expect(pastedPincodesProblem(parsePincodes(' \n, '))).toBe('Paste at least one pincode');
    const many = Array.from({ length: MAX_PASTED_PINCODES + 1 }, (_, i) => String(100_000 + i)).join('\n');
    expect(pastedPincodesProblem(parsePincodes(many))).toBe('Paste at most 2,000 pincodes at a time (2,001 pasted)');
    expect(pastedPincodesProblem(parsePincodes(many.split('\n').slice(1).join('\n')))).toBeNull();
  });

  it('are said under the box as they are typed', () => {
    expect(pastePreview('   ')).toBeNull();
    expect(pastePreview('560001, 560002\n560001')).toEqual({ tone: 'info', text: '2 pincodes read (1 repeat left out).' });
    expect(pastePreview('560001')).toEqual({ tone: 'info', text: '1 pincode read.' });
    expect(pastePreview('560001 5600')).toEqual({ tone: 'error', text: 'This is not a pincode (6 digits, not starting with 0): 5600' });
  });

  it("go as typed, with the new pincodes' city and state only when both are given", () => {
    expect(pasteBody({ text: '560001', city: '', state: '' })).toEqual({ body: { pincodes: '560001' } });
    expect(pasteBody({ text: '641001', city: ' Coimbatore ', state: 'Tamil Nadu' })).toEqual({ body: { pincodes: '641001', city: 'Coimbatore', state: 'Tamil Nadu' } });
    expect(pasteBody({ text: '641001', city: 'Coimbatore', state: '' })).toEqual({ problems: { state: 'Choose the state of the new pincodes' } });
    expect(pasteBody({ text: '641001', city: '', state: 'Kerala' })).toEqual({ problems: { city: 'Give the city of the new pincodes' } });
    expect(pasteBody({ text: '64100', city: '', state: '' })).toEqual({ problems: { text: 'This is not a pincode (6 digits, not starting with 0): 64100' } });
  });
});

describe('the zone form', () => {
  const form = (change: Partial<ZoneForm> = {}): ZoneForm => ({ ...formOf(zone()), ...change });

  it('shows a zone in rupees, and sends it back in paise the same', () => {
    expect(formOf(zone())).toEqual({
      name: 'Whitefield', charge: '40', free_above: '600', min_order: '120.50', cod_allowed: true, cod_limit: '', lead_days: '1', window_start: '08:00', window_end: '12:30', warehouse_ids: [1, 3],
    });
    const { id: _, pincode_count: __, ...settings } = zone();
    expect(zoneBody(formOf(zone()))).toEqual({ body: settings });
    expect(zoneBody(form({ charge: '₹ 1,250.5', cod_limit: '2000', warehouse_ids: [3, 1], name: '  Whitefield East ' }))).toEqual({
      body: { ...settings, name: 'Whitefield East', charge_paise: 125_050, cod_limit_paise: 200_000, warehouse_ids: [1, 3] },
    });
  });

  it('says what is wrong under each field before anything is sent', () => {
    expect(zoneBody(form({ name: ' ', charge: '-40', free_above: '', min_order: '12.345', lead_days: '31', window_start: '13:00', window_end: '09:00', cod_limit: '0.5' }))).toEqual({
      problems: {
        name: 'Give the zone a name',
        charge: 'Delivery charge must not be negative',
        free_above: 'Enter the free delivery from in rupees (0 for none)',
        min_order: 'Minimum order: enter rupees, e.g. 40 or 40.50',
        cod_limit: 'Cash on delivery limit must be at least ₹1 (leave it empty for the shop’s limit)',
        lead_days: 'Lead days: a whole number from 0 (same day) to 30',
        window_end: 'The window must end after it starts',
      },
    });
    expect(zoneBody(form({ charge: '10000001', lead_days: '1.5', window_start: '' }))).toEqual({
      problems: { charge: 'Delivery charge must be at most ₹10,00,000', lead_days: 'Lead days: a whole number from 0 (same day) to 30', window_start: 'Choose when the window starts' },
    });
  });

  it("puts the API's field errors under the form's fields, and anything else above the form", () => {
    expect(problemsFromApi({ charge_paise: 'Delivery charge must not be negative', name: 'There is already a zone named Metro' }, 'x')).toEqual({
      charge: 'Delivery charge must not be negative', name: 'There is already a zone named Metro',
    });
    expect(problemsFromApi({ 'warehouse_ids.0': 'No such id' }, 'x')).toEqual({ warehouse_ids: 'No such id' });
    expect(problemsFromApi({}, 'You do not have permission to do this')).toEqual({ form: 'You do not have permission to do this' });
  });

  it('knows an unsaved form from a saved one, whatever the order of the warehouses', () => {
    expect(sameForm(form(), form({ warehouse_ids: [3, 1], name: 'Whitefield ' }))).toBe(true);
    expect(sameForm(form(), form({ charge: '41' }))).toBe(false);
    expect(sameForm(form(), form({ cod_allowed: false }))).toBe(false);
  });
});

describe('the zones as the screens say them', () => {
  const warehouses = [
    { id: 1, code: 'BLR', name: 'Bengaluru Central', city: 'Bengaluru' },
    { id: 3, code: 'DEL', name: 'Delhi Okhla', city: 'New Delhi' },
  ];

  it('in words: charge, cash on delivery, day and window, warehouses', () => {
    expect(chargeText(zone())).toBe('₹40, free from ₹600');
    expect(chargeText(zone({ charge_paise: 0 }))).toBe('Free');
    expect(chargeText(zone({ free_above_paise: 0 }))).toBe('Free');
    expect(codText(zone(), 500_000)).toBe('Up to ₹5,000 (the shop’s limit)');
    expect(codText(zone({ cod_limit_paise: 150_050 }), 500_000)).toBe('Up to ₹1,500.50');
    expect(codText(zone({ cod_allowed: false, cod_limit_paise: 100 }), 500_000)).toBe('No');
    expect(deliveryText(zone())).toBe('Next day, 8:00 AM – 12:30 PM');
    expect(deliveryText(zone({ lead_days: 0, window_start: '00:15', window_end: '23:45' }))).toBe('Same day, 12:15 AM – 11:45 PM');
    expect(deliveryText(zone({ lead_days: 3 }))).toBe('In 3 days, 8:00 AM – 12:30 PM');
    expect(warehousesText(zone(), warehouses)).toBe('BLR, DEL');
    expect(warehousesText(zone({ warehouse_ids: [9] }), warehouses)).toBe('#9');
    expect(warehousesText(zone({ warehouse_ids: [] }), warehouses)).toBe('None: nothing is delivered');
    expect(zonesCaption(1, '')).toBe('1 zone');
    expect(zonesCaption(12, ' 560 ')).toBe('12 zones matching “560”');
  });

  it('ask before removing, saying what happens to the pincodes', () => {
    expect(removeZoneQuestion(zone())).toBe(
      'Its 12 pincodes will no longer be delivered to: shoppers there cannot order for delivery until you add them to another zone. The shop keeps their city and state, and the audit log keeps the zone and its pincodes.',
    );
    expect(removeZoneQuestion(zone({ pincode_count: 0 }))).toBe('Zone Whitefield has no pincodes. It is removed with its settings; the audit log keeps them.');
    expect(removePincodeQuestion('Metro', '560001')).toBe('Shoppers at 560001 can no longer order for delivery: it leaves Metro and is in no zone. The shop keeps its city and state, so it can be added to a zone again.');
  });

  it('keep the search and page in the address', () => {
    expect(readListQuery(new URLSearchParams('q=%20metro%20&page=3'))).toEqual({ q: 'metro', page: 3 });
    expect(readListQuery(new URLSearchParams('page=-2'))).toEqual({ q: '', page: 1 });
    expect(readListQuery(new URLSearchParams('page=abc&q=' + 'x'.repeat(80)))).toEqual({ q: 'x'.repeat(60), page: 1 });
    expect(listHref('/bos/admin/delivery', { q: '', page: 1 })).toBe('/bos/admin/delivery');
    expect(listHref('/bos/admin/delivery/4', { q: '560 0', page: 2 })).toBe('/bos/admin/delivery/4?q=560+0&page=2');
  });
});
