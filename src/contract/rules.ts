import { z } from 'zod';
import { textProblem, type TextRuleOptions } from './text-rule';
import { validateField, type FieldRule } from './validation';

/**
 * Free text in a request, one rule for every field (contract/text-rule.ts; docs/security.md): control characters,
 * lone surrogates, text-direction controls and values made only of invisible characters are refused with a field
 * error, before anything is stored or sent. src/server/text-fields.test.ts walks every call's schemas so that a
 * new field cannot leave it out.
 */
export interface TextOptions extends TextRuleOptions {
  /** The most characters (after trimming); the message says so in the field's words. */
  max?: number;
  /** Blank is refused with '{label} is required' (after trimming). */
  required?: boolean;
  /** Trim the value (the default); false keeps it as sent (search text, a page builder's data). */
  trim?: boolean;
}

/** The text rule as a zod check, for a string schema built another way (`.check(textRule('Note'))`). */
export const textRule = (label: string, options: TextRuleOptions = {}) =>
  z.superRefine<string>((value, ctx) => {
    const message = textProblem(value, label, options);
    if (message) ctx.addIssue({ code: 'custom', message, continue: false });
  });

/**
 * A free-text field: a string that keeps the text rule, trimmed, with the field's words for what is missing or
 * too long ('Note is too long (at most 500 characters)').
 */
export function Text(label: string, { max, required = false, trim = true, ...rule }: TextOptions = {}) {
  let schema = z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? (issue.input === undefined ? `${label} is required` : `${label} must be text`) : undefined) })
    .check(textRule(label, rule));
  if (trim) schema = schema.trim();
  if (required) schema = trim ? schema.min(1, `${label} is required`) : schema.refine((value) => value.trim() !== '', `${label} is required`);
  if (max !== undefined) schema = schema.max(max, `${label} is too long (at most ${max} characters)`);
  return schema;
}

/**
 * A zod schema that applies a form field's rule exactly as the browser does (docs/product.md#field-rule-order), so the API
 * refuses with the same words the form shows; text also keeps the text rule.
 */
export function ruleSchema(rule: FieldRule, options: TextRuleOptions = {}) {
  return z.unknown().superRefine((value, ctx) => {
    const message = (typeof value === 'string' ? textProblem(value, rule.label, options) : null) ?? validateField(value, rule);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** A text field checked by its rule (same words as the form), then held to a length. */
export const ruleField = (rule: FieldRule, max: number) => ruleSchema(rule).pipe(z.string().trim().max(max, `${rule.label} is too long`));
