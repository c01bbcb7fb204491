import type { z } from 'zod';
import { pluralWord } from './plural';

/**
 * The words of a refusal that its schema did not write itself. A field message is read by a shopper next to the
 * field, so it names the field in words ('Per page', 'Pack ID'), never by its code name (`perPage`, `pack_id`),
 * and says what is wrong in a sentence rather than zod's 'Too small: expected string to have >=1 characters'.
 * The API installs it as zod's fallback (src/server/http/router.ts): a message a schema writes (the form's
 * 'Name is required') always wins over it.
 */

/** A field's code name as words: perPage → 'Per page', agent_phone → 'Agent phone', pack_id → 'Pack ID'. */
function fieldWords(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((key): key is string => typeof key === 'string');
  if (!name) return 'This field';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word) => (word === 'id' ? 'ID' : word === 'url' ? 'address' : word));
  const text = words.join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : 'This field';
}

/** A limit and its word, the number as zod gives it (these messages never grouped digits). */
const counted = (count: number | bigint, one: string, other: string) => `${count} ${pluralWord(Number(count), one, other)}`;

const TYPE_WORDS: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
};

/** The message for an issue raised without words of its own (zod's customError hook). */
export function humanIssueMessage(issue: z.core.$ZodRawIssue): string {
  const label = fieldWords(issue.path ?? []);
  const whole = (issue.path ?? []).length === 0;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return whole ? 'The request needs a body' : `${label} is required`;
      if (whole) return 'The request body must be a JSON object';
      return `${label} ${TYPE_WORDS[issue.expected] ?? 'is not valid'}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? `${label} is required` : `${label} must be at least ${counted(issue.minimum, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} needs at least ${counted(issue.minimum, 'item', 'items')}`;
      return issue.inclusive === false ? `${label} must be more than ${issue.minimum}` : `${label} must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} is too long (at most ${counted(issue.maximum, 'character', 'characters')})`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} has too many items (at most ${issue.maximum})`;
      return issue.inclusive === false ? `${label} must be less than ${issue.maximum}` : `${label} must be at most ${issue.maximum}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `${label} must be ${String(issue.values[0])}` : `${label} must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `${label} is not in valid format`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Unknown ${pluralWord(issue.keys.length, 'field', 'fields')}: ${issue.keys.join(', ')}`;
    default:
      return `${label} is not valid`;
  }
}
