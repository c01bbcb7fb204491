import { z } from 'zod';
import { validateField, type FieldRule } from '../lib/validation';

/**
 * A zod schema that applies a form field's rule exactly as the browser does (spec section 5), so the API
 * refuses with the same words the form shows.
 */
export function ruleSchema(rule: FieldRule) {
  return z.unknown().superRefine((value, ctx) => {
    const message = validateField(value, rule);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** A text field checked by its rule (same words as the form), then held to a length. */
export const ruleField = (rule: FieldRule, max: number) => ruleSchema(rule).pipe(z.string().trim().max(max, `${rule.label} is too long`));
