import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BLOCKS, ContactBody, HeroSettings, PageDocument, Text } from '../contract';
import { SiteDocument } from '../contract/site-settings';
import { textProblem } from '../contract/text-rule';
import { createApp } from './app';
import { readConfig } from './config';
import type { Deps } from './env';

/** Values the text rule refuses in every field, single- or multi-line. */
const REFUSED = {
  NUL: 'Asha\u0000Verma',
  'a C0 control (ESC)': 'Asha\u001b[2J',
  'a C1 control': 'Asha\u0085',
  DEL: 'Asha\u007f',
  'a lone high surrogate': 'Asha\ud800',
  'a lone low surrogate': '\udc00Asha',
  'a right-to-left override': 'Asha\u202eamreV',
  'a left-to-right isolate': 'Asha\u2066',
  'only zero-width spaces': '\u200b\u200b',
  'only a Hangul filler': '\u3164',
  'only a word joiner and a BOM': '\u2060\ufeff',
  'only a braille blank': '\u2800',
};

describe('the text rule', () => {
  it('refuses controls, lone surrogates, text-direction controls and invisible-only values', () => {
    for (const [what, value] of Object.entries(REFUSED)) expect(textProblem(value, 'Name'), what).toEqual(expect.stringMatching(/^Name /));
    expect(textProblem('Asha\u0000', 'Name')).toBe('Name must not contain control characters');
    expect(textProblem('Asha\u202e', 'Name')).toBe('Name must not contain text-direction controls');
    expect(textProblem('\u200b', 'Name')).toBe('Name must contain visible characters');
    expect(textProblem('\ud83d', 'Name')).toBe('Name contains a character that is not valid text');
  });

  it('keeps what people write: any script, emoji, joiners inside words, and lines and tabs where multi-line', () => {
    for (const value of ['Asha Verma', 'आशा वर्मा', 'क्‍ष', 'ஆஷா', 'Chai ☕ 👍🏽', 'مرحبا', 'Flat 4B, 2nd floor', '  spaced  ', ''])
      expect(textProblem(value, 'Name'), value).toBeNull();
    expect(textProblem('Ring twice\nLeave at door\r\n\tThanks', 'Note', { multiline: true })).toBeNull();
    expect(textProblem('Ring twice\nLeave at door', 'Name')).toBe('Name must not contain control characters');
    expect(textProblem('Ring\u0000twice', 'Note', { multiline: true })).toBe('Note must not contain control characters');
  });

  it('is checked by Text before the length and the trim', () => {
    const name = Text('Name', { required: true, max: 5 });
    expect(name.safeParse('\u0000'.repeat(9)).error?.issues.map((i) => i.message)).toEqual(['Name must not contain control characters']);
    expect(name.safeParse('  Asha ').data).toBe('Asha');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
  });
});

/**
 * Every free-text field of every request, found by walking the schemas of every call the API registers (path,
 * query, headers and body), and the page blocks the page builder's body carries: each must refuse every value of
 * REFUSED. A new field that is a plain z.string() fails here until it uses the contract's Text (or textRule).
 */
type Schema = z.core.$ZodType;
const def = (schema: Schema) => schema._zod.def as unknown as Record<string, unknown> & { type: string };
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schema under optional, nullable, default and the like. */
function core(schema: Schema): Schema {
  let s = schema;
  while (WRAPPERS.has(def(s).type)) s = def(s).innerType as Schema;
  return s;
}

/** Positions of a value a person can fill with text, with their schema, walked into objects, lists and records. */
function fields(schema: Schema, path: string, out: [string, Schema][] = [], walked = new Set<Schema>()): [string, Schema][] {
  const inner = core(schema);
  const d = def(inner);
  // A recursive schema (a navigation item's children are items) is walked once.
  if (d.type === 'object' && walked.has(inner)) return out;
  if (d.type === 'object') walked.add(inner);
  if (d.type === 'object') for (const [key, field] of Object.entries(d.shape as Record<string, Schema>)) fields(field, `${path}.${key}`, out, walked);
  else if (d.type === 'array') fields(d.element as Schema, `${path}[]`, out, walked);
  else if (d.type === 'record') {
    out.push([`${path}{key}`, d.keyType as Schema]);
    fields(d.valueType as Schema, `${path}{}`, out, walked);
  } else if (d.type === 'pipe' && def(core(d.in as Schema)).type === 'object') fields(d.in as Schema, path, out, walked);
  else if (d.type === 'lazy') fields((d.getter as () => Schema)(), path, out, walked);
  else out.push([path, schema]);
  return out;
}

/** Fields whose text is checked elsewhere, and where. */
const CHECKED_ELSEWHERE: Record<string, string> = {
  'POST /api/pages/check body': 'pageErrors in the handler: PageDocument and the blocks, walked below',
  'POST /api/pages/publish body': 'pageErrors in the handler: PageDocument and the blocks, walked below',
  'page.components[].data': 'the block schemas, walked below',
  'page.components[].settings': 'HeroSettings, walked below',
  'PUT /api/pages/{id}/draft body.document': 'PageDraftShape, then pageErrors in the handler (kept as the draft\'s problems, never published): walked below',
  'PUT /api/site-settings/draft body.document': 'SiteDocument in the handler, walked below',
  'POST /api/profile/contact body.value': "ContactBody's transform, checked below",
};

function requestSchemas(): [string, Schema][] {
  const app = createApp({ config: readConfig({}) } as Deps);
  const found: [string, Schema][] = [];
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path, request } = definition.route;
    const call = `${method.toUpperCase()} /api${path}`;
    for (const part of ['params', 'query', 'headers'] as const) if (request?.[part]) found.push([`${call} ${part}`, request[part] as Schema]);
    // JSON bodies, and the fields of a multipart form (the media library's upload: its alt text).
    const media = request?.body?.content?.['application/json'] ?? request?.body?.content?.['multipart/form-data'];
    const body = media && 'schema' in media ? media.schema : undefined;
    if (body) found.push([`${call} body`, body as Schema]);
  }
  return found;
}

describe('every free-text field of every call keeps the text rule', () => {
  const schemas = requestSchemas();

  it('finds the calls and their fields', () => {
    const all = schemas.flatMap(([name, schema]) => fields(schema, name).map(([path]) => path));
    expect(all.length).toBeGreaterThan(60);
    expect(all).toEqual(expect.arrayContaining(['POST /api/addresses body.line1', 'GET /api/products/{slug} params.slug', 'GET /api/dev/outbox query.to', 'POST /api/order/create body.note']));
  });

  it.each(schemas)('%s', (_name, schema) => {
    for (const [path, field] of fields(schema, _name)) {
      if (CHECKED_ELSEWHERE[path]) continue;
      for (const [what, value] of Object.entries(REFUSED)) expect((field as z.ZodType).safeParse(value).success, `${path} took ${what}`).toBe(false);
    }
  });

  it('in a page document, its blocks and their settings (the page builder calls and the publish command)', () => {
    for (const [type, schema] of [['page', PageDocument] as const, ...Object.entries(BLOCKS), ['hero settings', HeroSettings] as const]) {
      for (const [path, field] of fields(schema, type)) {
        if (CHECKED_ELSEWHERE[path]) continue;
        for (const [what, value] of Object.entries(REFUSED)) expect((field as z.ZodType).safeParse(value).success, `${path} took ${what}`).toBe(false);
      }
    }
  });

  it("in the website settings' document (the page builder's website screen)", () => {
    const found = fields(SiteDocument, 'site');
    expect(found.map(([path]) => path)).toEqual(expect.arrayContaining(['site.navigation[].name', 'site.navigation[].link', 'site.popup.alt', 'site.theme.colours{}', 'site.logo']));
    for (const [path, field] of found) {
      for (const [what, value] of Object.entries(REFUSED)) expect((field as z.ZodType).safeParse(value).success, `${path} took ${what}`).toBe(false);
    }
  });

  it("in a contact change's new phone or email", () => {
    for (const kind of ['phone', 'email'])
      for (const [what, value] of Object.entries(REFUSED)) expect(ContactBody.safeParse({ kind, value }).success, `${kind} took ${what}`).toBe(false);
  });
});
