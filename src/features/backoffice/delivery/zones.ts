/**
 * The delivery screens (docs/back-office-delivery.md): the list of zones and one zone's page. What the address
 * keeps, what a row says, the zone form in rupees and its body in paise, the pasted pincodes as they are read, and
 * the questions asked before anything is removed. Plain functions: the stores, the islands, the pages and the
 * tests share them.
 */
import type { BosPincodesAdded, BosZone, BosZoneBody, BosZoneList } from '../../../contract/bos-delivery';
import { MAX_LEAD_DAYS } from '../../../contract/delivery-constants';
import { INDIA_STATES } from '../../../contract/india-states';
import { parsePincodes, pastedPincodesProblem } from '../../../contract/pincode-paste';
import { plural } from '../../../contract/plural';
import { formatClock } from '../../../lib/format';
import { formatRupees, toRupees } from '../../../lib/money';
import { toPaise } from '../../../lib/to-paise';

export const ZONES_PATH = '/bos/admin/delivery';
export const ZONES_PER_PAGE = 25;
export const PINCODES_PER_PAGE = 50;

/** A list's view as the address keeps it: a search and a page. */
export interface ListQuery {
  q: string;
  page: number;
}

/** `?q=…&page=…`, anything it cannot be read as falls back to no search, page 1. */
export function readListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'));
  return { q: (params.get('q') ?? '').trim().slice(0, 60), page: Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : 1 };
}

/** The address of a list's view under a path: no search and page 1 are left out. */
export function listHref(path: string, { q, page }: ListQuery): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

export const zoneHref = (id: number) => `${ZONES_PATH}/${id}`;

const rupees = (paise: number) => formatRupees(toRupees(paise)).replace(/\.00$/, '');

/** What a delivery costs in a zone: 'Free', '₹40, free from ₹600', '₹40 always'. */
export function chargeText(zone: Pick<BosZone, 'charge_paise' | 'free_above_paise'>): string {
  if (zone.charge_paise === 0 || zone.free_above_paise === 0) return 'Free';
  return `${rupees(zone.charge_paise)}, free from ${rupees(zone.free_above_paise)}`;
}

export const minimumText = (zone: Pick<BosZone, 'min_order_paise'>) => (zone.min_order_paise === 0 ? 'None' : rupees(zone.min_order_paise));

/** Cash on delivery in a zone: 'No', 'Up to ₹2,000', 'Up to ₹5,000 (the shop's limit)'. */
export function codText(zone: Pick<BosZone, 'cod_allowed' | 'cod_limit_paise'>, shopLimitPaise: number): string {
  if (!zone.cod_allowed) return 'No';
  return zone.cod_limit_paise === null ? `Up to ${rupees(shopLimitPaise)} (the shop’s limit)` : `Up to ${rupees(zone.cod_limit_paise)}`;
}

/** When a zone delivers: 'Next day, 8:00 AM – 12:00 PM' (one day more from a warehouse in another city). */
export function deliveryText(zone: Pick<BosZone, 'lead_days' | 'window_start' | 'window_end'>): string {
  const day = zone.lead_days === 0 ? 'Same day' : zone.lead_days === 1 ? 'Next day' : `In ${zone.lead_days} days`;
  return `${day}, ${formatClock(zone.window_start)} – ${formatClock(zone.window_end)}`;
}

/** The warehouses that deliver to a zone by their codes, or what their absence means. */
export function warehousesText(zone: Pick<BosZone, 'warehouse_ids'>, warehouses: BosZoneList['warehouses']): string {
  if (!zone.warehouse_ids.length) return 'None: nothing is delivered';
  return zone.warehouse_ids.map((id) => warehouses.find((w) => w.id === id)?.code ?? `#${id}`).join(', ');
}

/** The list's caption: '3 zones' or '1 zone matching “560”'. */
export const zonesCaption = (total: number, q: string) => `${plural(total, 'zone', 'zones')}${q.trim() ? ` matching “${q.trim()}”` : ''}`;

/** The zone form as typed: amounts in rupees, lead days as text, times as 'HH:MM'. */
export interface ZoneForm {
  name: string;
  charge: string;
  free_above: string;
  min_order: string;
  cod_allowed: boolean;
  /** Empty: the shop's own limit. */
  cod_limit: string;
  lead_days: string;
  window_start: string;
  window_end: string;
  warehouse_ids: number[];
}
export type ZoneField = keyof ZoneForm;
export type ZoneProblems = Partial<Record<ZoneField | 'form', string>>;

/** Paise as a person types rupees: 4000 is '40', 4050 is '40.50'. */
const typed = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

const NEW_ZONE: ZoneForm = {
  name: '', charge: '40', free_above: '500', min_order: '100', cod_allowed: true, cod_limit: '', lead_days: '1', window_start: '07:00', window_end: '11:00', warehouse_ids: [],
};

/** The form for a zone as it is (or a new zone's starting values). */
export function formOf(zone: BosZone | null): ZoneForm {
  if (!zone) return { ...NEW_ZONE };
  return {
    name: zone.name,
    charge: typed(zone.charge_paise),
    free_above: typed(zone.free_above_paise),
    min_order: typed(zone.min_order_paise),
    cod_allowed: zone.cod_allowed,
    cod_limit: zone.cod_limit_paise === null ? '' : typed(zone.cod_limit_paise),
    lead_days: String(zone.lead_days),
    window_start: zone.window_start,
    window_end: zone.window_end,
    warehouse_ids: [...zone.warehouse_ids],
  };
}

/** Whether two forms say the same (the warehouses in any order): a form that differs from the saved one is unsaved. */
export function sameForm(a: ZoneForm, b: ZoneForm): boolean {
  const norm = (f: ZoneForm) => JSON.stringify({ ...f, name: f.name.trim(), warehouse_ids: [...f.warehouse_ids].sort((x, y) => x - y) });
  return norm(a) === norm(b);
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Rupees as typed, in paise, or why not. */
function amountOf(text: string, label: string): { paise: number } | { problem: string } {
  const value = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  if (value === '') return { problem: `Enter the ${label.toLowerCase()} in rupees (0 for none)` };
  if (/^-/.test(value)) return { problem: `${label} must not be negative` };
  if (!AMOUNT.test(value)) return { problem: `${label}: enter rupees, e.g. 40 or 40.50` };
  const paise = toPaise(value);
  return paise > 100_000_000 ? { problem: `${label} must be at most ₹10,00,000` } : { paise };
}

/** The zone call's body from the form, or what is wrong with it, by field (the API's rules, said before sending). */
export function zoneBody(form: ZoneForm): { body: BosZoneBody } | { problems: ZoneProblems } {
  const problems: ZoneProblems = {};
  const name = form.name.trim();
  if (!name) problems.name = 'Give the zone a name';
  else if (name.length > 60) problems.name = 'Keep the name to 60 characters';
  const charge = amountOf(form.charge, 'Delivery charge');
  const freeAbove = amountOf(form.free_above, 'Free delivery from');
  const minOrder = amountOf(form.min_order, 'Minimum order');
  if ('problem' in charge) problems.charge = charge.problem;
  if ('problem' in freeAbove) problems.free_above = freeAbove.problem;
  if ('problem' in minOrder) problems.min_order = minOrder.problem;
  let codLimit: number | null = null;
  if (form.cod_limit.trim() !== '') {
    const limit = amountOf(form.cod_limit, 'Cash on delivery limit');
    if ('problem' in limit) problems.cod_limit = limit.problem;
    else if (limit.paise < 100) problems.cod_limit = 'Cash on delivery limit must be at least ₹1 (leave it empty for the shop’s limit)';
    else codLimit = limit.paise;
  }
  const lead = form.lead_days.trim();
  if (!/^\d{1,2}$/.test(lead) || Number(lead) > MAX_LEAD_DAYS) problems.lead_days = `Lead days: a whole number from 0 (same day) to ${MAX_LEAD_DAYS}`;
  if (!CLOCK.test(form.window_start)) problems.window_start = 'Choose when the window starts';
  if (!CLOCK.test(form.window_end)) problems.window_end = 'Choose when the window ends';
  else if (CLOCK.test(form.window_start) && form.window_end <= form.window_start) problems.window_end = 'The window must end after it starts';
  if (Object.keys(problems).length) return { problems };
  return {
    body: {
      name,
      charge_paise: (charge as { paise: number }).paise,
      free_above_paise: (freeAbove as { paise: number }).paise,
      min_order_paise: (minOrder as { paise: number }).paise,
      cod_allowed: form.cod_allowed,
      cod_limit_paise: codLimit,
      lead_days: Number(lead),
      window_start: form.window_start,
      window_end: form.window_end,
      warehouse_ids: [...form.warehouse_ids].sort((a, b) => a - b),
    },
  };
}

/** The API's field names, as the form's. */
const FORM_FIELD: Record<string, ZoneField> = {
  name: 'name', charge_paise: 'charge', free_above_paise: 'free_above', min_order_paise: 'min_order', cod_allowed: 'cod_allowed', cod_limit_paise: 'cod_limit',
  lead_days: 'lead_days', window_start: 'window_start', window_end: 'window_end', warehouse_ids: 'warehouse_ids',
};

/** A refusal's field messages (the API's `errors`) under the form's fields; any other, or none, said for the form. */
export function problemsFromApi(fields: Record<string, string>, message: string): ZoneProblems {
  const problems: ZoneProblems = {};
  for (const [key, text] of Object.entries(fields)) {
    const field = FORM_FIELD[key.split('.')[0]!];
    if (field) problems[field] ??= text;
    else problems.form ??= text;
  }
  if (!Object.keys(problems).length) problems.form = message;
  return problems;
}

/** What the paste box has read so far, said under it as it is typed ('' while empty). */
export function pastePreview(text: string): { tone: 'info' | 'error'; text: string } | null {
  if (!text.trim()) return null;
  const pasted = parsePincodes(text);
  const problem = pastedPincodesProblem(pasted);
  if (problem) return { tone: 'error', text: problem };
  const repeats = pasted.repeats ? ` (${plural(pasted.repeats, 'repeat', 'repeats')} left out)` : '';
  return { tone: 'info', text: `${plural(pasted.pincodes.length, 'pincode', 'pincodes')} read${repeats}.` };
}

export interface PasteForm {
  text: string;
  city: string;
  state: string;
}
export const EMPTY_PASTE: PasteForm = { text: '', city: '', state: '' };
export type PasteProblems = Partial<Record<keyof PasteForm | 'form', string>>;

export const STATE_OPTIONS = INDIA_STATES.map((s) => ({ value: s, label: s }));

/** The paste call's body, or what is wrong with what was typed. City and state go only when both are given. */
export function pasteBody(form: PasteForm): { body: { pincodes: string; city?: string; state?: (typeof INDIA_STATES)[number] } } | { problems: PasteProblems } {
  const problem = pastedPincodesProblem(parsePincodes(form.text));
  if (problem) return { problems: { text: problem } };
  const city = form.city.trim();
  const state = INDIA_STATES.find((s) => s === form.state);
  if (city && !state) return { problems: { state: 'Choose the state of the new pincodes' } };
  if (state && !city) return { problems: { city: 'Give the city of the new pincodes' } };
  if (city.length > 60) return { problems: { city: 'Keep the city to 60 characters' } };
  return { body: { pincodes: form.text, ...(city && state ? { city, state } : {}) } };
}

/** The paste's problems from a refusal: the API's `pincodes`, `city` and `state` under their fields. */
export function pasteProblemsFromApi(fields: Record<string, string>, message: string): PasteProblems {
  const problems: PasteProblems = {};
  if (fields.pincodes) problems.text = fields.pincodes;
  if (fields.city) problems.city = fields.city;
  if (fields.state) problems.state = fields.state;
  if (!Object.keys(problems).length) problems.form = message;
  return problems;
}

/** What a paste did, as the screen says it: a sentence, and each refused pincode with why (and its zone). */
export function addedReport(answer: BosPincodesAdded): { tone: 'success' | 'warning'; text: string; refused: BosPincodesAdded['refused'] } {
  return { tone: answer.refused.length ? 'warning' : 'success', text: answer.message, refused: answer.refused };
}

/** Asked before a zone is removed: what happens to its pincodes. */
export function removeZoneQuestion(zone: Pick<BosZone, 'name' | 'pincode_count'>): string {
  if (zone.pincode_count === 0) return `Zone ${zone.name} has no pincodes. It is removed with its settings; the audit log keeps them.`;
  return `Its ${plural(zone.pincode_count, 'pincode', 'pincodes')} will no longer be delivered to: shoppers there cannot order for delivery until you add them to another zone. The shop keeps their city and state, and the audit log keeps the zone and its pincodes.`;
}

/** Asked before a pincode is taken out of a zone. */
export const removePincodeQuestion = (zoneName: string, pincode: string) =>
  `Shoppers at ${pincode} can no longer order for delivery: it leaves ${zoneName} and is in no zone. The shop keeps its city and state, so it can be added to a zone again.`;
