/**
 * The one rule for text a person types (docs/security.md, "Text inputs"): what no free-text field of a request
 * may hold, on either database, whatever the field. Without zod, so a form could use it too; the contract applies
 * it to every free-text field (src/contract/rules.ts, `Text` and `ruleSchema`).
 *
 * Refused:
 * - control characters: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F); a multi-line field (a note, a message)
 *   keeps tab, line feed and carriage return. PostgreSQL refuses a NUL in text outright (the request would fail
 *   with a 500 after a sign-in code was already sent), SQLite stores it, and none of them is ever typed on purpose;
 * - lone surrogates: half of a UTF-16 pair, which is no character at all (PostgreSQL's driver would store U+FFFD);
 * - bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make text show in
 *   another order than it is stored and read ("Trojan Source");
 * - a value made only of invisible characters (zero-width spaces and joiners, word joiners, the Hangul and
 *   braille blanks, variation selectors …): it looks empty but is not. Inside visible text they stay (a zero-width
 *   joiner belongs in Devanagari). A value of spaces only is left to the field's own rule: blank is "required",
 *   or absent where the field is optional.
 */

export interface TextRuleOptions {
  /** A field that takes several lines (a note, a message): tab, line feed and carriage return are allowed. */
  multiline?: boolean;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /\p{Cs}/u;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** What shows nothing: spaces, format characters, default-ignorable code points, and blanks that draw nothing. */
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\u3164\uffa0\u115f\u1160]/gu;

/** Why `value` breaks the text rule, in words for the field (`label`), or null when it keeps it. */
export function textProblem(value: string, label = 'This field', { multiline = false }: TextRuleOptions = {}): string | null {
  if ((multiline ? CONTROL_MULTILINE : CONTROL).test(value)) return `${label} must not contain control characters`;
  if (LONE_SURROGATE.test(value)) return `${label} contains a character that is not valid text`;
  if (BIDI_CONTROL.test(value)) return `${label} must not contain text-direction controls`;
  if (value.trim() !== '' && value.replace(INVISIBLE, '') === '') return `${label} must contain visible characters`;
  return null;
}
