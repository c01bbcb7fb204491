import { z } from 'zod';
import { textProblem } from './text-rule';
import { validateField } from './validation';
import { VerifyBody } from './auth';
import { CONTACT_KINDS, PROFILE_RULES } from './profile-rules';
import { ruleField } from './rules';

export type { ContactKind } from './profile-rules';

/** GET /api/profile: the signed-in user's details and which of their addresses a code has proven. */
export const Profile = z
  .object({ name: z.string(), email: z.string(), phone: z.string(), email_verified: z.boolean(), phone_verified: z.boolean() })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

/** PUT /api/profile: only the name changes directly; phone and email change through a code (ContactBody). */
export const ProfileBody = z.object({ name: ruleField(PROFILE_RULES.name, 80) }).meta({ id: 'ProfileBody' });
export type ProfileBody = z.infer<typeof ProfileBody>;

const ContactKind = z.enum(CONTACT_KINDS, { error: `kind must be one of ${CONTACT_KINDS.join(', ')}` });

/**
 * POST /api/profile/contact: a new phone or email (or the current, unverified email) to send a code to. The
 * value is checked by the kind's rule, with the form's words; an email is kept in lower case.
 */
export const ContactBody = z
  .object({ kind: ContactKind, value: z.unknown() })
  .transform((body, ctx) => {
    const rule = PROFILE_RULES[body.kind];
    const message = (typeof body.value === 'string' ? textProblem(body.value, rule.label) : null) ?? validateField(body.value, rule);
    if (message || typeof body.value !== 'string') {
      ctx.addIssue({ code: 'custom', message: message ?? `${PROFILE_RULES[body.kind].label} is not in valid format`, path: ['value'] });
      return z.NEVER;
    }
    const value = body.value.trim();
    return { kind: body.kind, value: body.kind === 'email' ? value.toLowerCase() : value };
  })
  .pipe(z.object({ kind: ContactKind, value: z.string().max(120, 'Email is too long') }))
  .meta({ id: 'ContactBody' });
export type ContactBody = z.infer<typeof ContactBody>;

/** POST /api/profile/contact/verify: the 6-digit code that went to the new phone or email. */
export const ContactVerifyBody = VerifyBody.extend({ kind: ContactKind }).meta({ id: 'ContactVerifyBody' });
