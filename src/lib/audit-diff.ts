/**
 * An audit row's before → after as people read it (docs/back-office-people.md#the-audit-log): the parts that
 * changed, each with its label and both values in words. The audit log's screen shows these lines and its CSV
 * export writes them, so both say the same. Any subject's rows read the same way: nothing here knows the kinds.
 *
 * Objects are compared key by key (nested ones by their path, "address › city"); a list of plain values is one
 * part, with what was added and removed; a part only the after side records is said as it is ("sessions ended:
 * 2"); an id beside the name it stands for is left out; money (`*_paise`) in rupees, rates (`*_bps`) in percent,
 * yes/no, times in India's time; a part equal on both sides is left out.
 */
import { formatDateTime } from './format';
import { formatRupees, toRupees } from './money';

export interface ChangeLine {
  /** What changed, in words ("permissions", "address › city"); empty for a row that recorded one plain value. */
  label: string;
  before: string;
  after: string;
  /** For a list: what the after side has that the before side had not, and the other way round. */
  added?: string[];
  removed?: string[];
  /** The before side did not record this part (a new row, a fact of the change): only its after side is said. */
  set?: true;
}

type Leaf = string | number | boolean | null | undefined | readonly Leaf[];

/** Words for the fields staff changes record most, where the field's name would read badly. */
const LABELS: Record<string, string> = {
  superadmin: 'super administrator',
  has_admin_access: 'back-office access',
  sales_agent: 'sales agent',
  commission_bps: 'commission',
  sessions_ended: 'sessions ended',
  agent: 'sales agent',
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const MAX_TEXT = 160;

/** One key in words: "has_admin_access" → "back-office access", "max_discount_paise" → "max discount". */
export function keyLabel(key: string): string {
  return LABELS[key] ?? key.replace(/_(paise|bps|json)$/, '').replace(/_/g, ' ');
}

/** One plain value in words, as its key says it should read. */
export function valueText(value: unknown, key = ''): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (key.endsWith('_paise')) return formatRupees(toRupees(value));
    if (key.endsWith('_bps')) return `${(value / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;
    return value.toLocaleString('en-IN');
  }
  if (typeof value === 'string') {
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
  }
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((v) => valueText(v, key)).join(', ');
  return valueText(JSON.stringify(value));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isLeafList = (v: unknown): v is readonly Leaf[] => Array.isArray(v) && v.every((x) => !isPlainObject(x) && !Array.isArray(x));

/** Every leaf of a value by its path: objects by key, lists of objects by their place (#1, #2 …). */
function leaves(value: unknown, path: string[] = [], out = new Map<string, { path: string[]; value: Leaf }>()) {
  if (isPlainObject(value)) {
    // An id beside the name it stands for ("agent_id" beside "agent") says nothing more to a person: the JSON keeps it.
    for (const [key, v] of Object.entries(value)) if (!(key.endsWith('_id') && key.slice(0, -3) in value)) leaves(v, [...path, key], out);
  } else if (Array.isArray(value) && !isLeafList(value)) {
    (value as unknown[]).forEach((v, i) => leaves(v, [...path, `#${i + 1}`], out));
  } else {
    out.set(JSON.stringify(path), { path, value: value as Leaf });
  }
  return out;
}

const labelOf = (path: string[]) => path.map((p) => (p.startsWith('#') ? p : keyLabel(p))).join(' › ');
const lastKey = (path: string[]) => [...path].reverse().find((p) => !p.startsWith('#')) ?? '';

/** The parts of an audit row that changed, in the order the row names them (before's keys first). */
export function auditChanges(before: unknown, after: unknown): ChangeLine[] {
  const was = leaves(before);
  const now = leaves(after);
  const lines: ChangeLine[] = [];
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const path = (was.get(key) ?? now.get(key))!.path;
    const from = was.get(key)?.value;
    const to = now.get(key)?.value;
    const name = lastKey(path);
    const line: ChangeLine = { label: labelOf(path), before: valueText(from, name), after: valueText(to, name) };
    if (!was.has(key) && !Array.isArray(to)) {
      if (to === null || to === undefined) continue;
      line.set = true;
    } else if (Array.isArray(from) || Array.isArray(to)) {
      const a = (Array.isArray(from) ? from : []).map((v) => valueText(v, name));
      const b = (Array.isArray(to) ? to : []).map((v) => valueText(v, name));
      line.added = b.filter((v) => !a.includes(v));
      line.removed = a.filter((v) => !b.includes(v));
      if (!line.added.length && !line.removed.length && a.length === b.length) continue;
    } else if (line.before === line.after) continue;
    lines.push(line);
  }
  return lines;
}

/** One change line as a sentence: "permissions: + order:view, − people:manage", "blocked: no → yes". */
export function changeLineText(line: ChangeLine): string {
  const what = line.label ? `${line.label}: ` : '';
  if (line.set) return `${what}${line.after}`;
  if (line.added || line.removed) {
    const parts = [...(line.added ?? []).map((v) => `+ ${v}`), ...(line.removed ?? []).map((v) => `− ${v}`)];
    return `${what}${parts.length ? parts.join(', ') : `${line.before} → ${line.after}`}`;
  }
  return `${what}${line.before} → ${line.after}`;
}

/** A whole row's change in one line (the CSV's Change column): its parts joined with "; ", or "no change recorded". */
export function changeSummary(before: unknown, after: unknown): string {
  const lines = auditChanges(before, after);
  return lines.length ? lines.map(changeLineText).join('; ') : 'no change recorded';
}

/** A kind of subject or an action's code in words: "form_response" → "Form response", "user.roles_changed" → "User roles changed". */
export function codeWords(code: string): string {
  const words = code.replace(/[._]/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}
