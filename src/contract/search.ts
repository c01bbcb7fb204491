import { z } from 'zod';
import { textRule } from './rules';

/** Bounds of a website's synonym list: groups, terms in a group, characters and words in a term. */
export const SYNONYM_LIMITS = { groups: 500, terms: 20, length: 40, words: 4 } as const;

/**
 * A term as search compares it: NFKC, lower case, words of letters, marks and digits joined by one space,
 * Devanagari nukta dropped and chandrabindu read as anusvara (प्याज़ = प्याज, मूँग = मूंग).
 */
export function synonymKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\u093c/g, '')
    .replace(/\u0901/g, '\u0902')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .join(' ');
}

const Term = z
  .string()
  .check(textRule('A term'))
  .max(SYNONYM_LIMITS.length, `a term has at most ${SYNONYM_LIMITS.length} characters`)
  .refine((term) => synonymKey(term) !== '', 'a term needs a letter or digit')
  .refine((term) => synonymKey(term).split(' ').length <= SYNONYM_LIMITS.words, `a term has at most ${SYNONYM_LIMITS.words} words`);

/** A website's synonyms: groups of equivalent terms ("sugar", "chini", "चीनी"); a term belongs to one group only. */
export const SynonymGroups = z
  .object({
    groups: z
      .array(z.array(Term).min(2, 'a group needs at least 2 terms').max(SYNONYM_LIMITS.terms, `a group has at most ${SYNONYM_LIMITS.terms} terms`))
      .max(SYNONYM_LIMITS.groups, `at most ${SYNONYM_LIMITS.groups} groups`),
  })
  .superRefine(({ groups }, ctx) => {
    const seen = new Map<string, number>();
    groups.forEach((group, g) =>
      group.forEach((term, t) => {
        const key = synonymKey(term);
        const first = seen.get(key);
        if (first !== undefined && first !== g) ctx.addIssue({ code: 'custom', path: ['groups', g, t], message: `"${term}" is already in group ${first + 1}` });
        seen.set(key, first ?? g);
      }),
    );
  })
  .meta({ id: 'SynonymGroups' });
export type SynonymGroups = z.infer<typeof SynonymGroups>;
