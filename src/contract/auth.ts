import { z } from 'zod';
import { patterns } from './validation';
import { Text } from './rules';
import { User } from './session';

/** POST /api/auth/login: a 10-digit mobile number or an email. */
export const LoginBody = z
  .object({ identifier: Text('Mobile number or email', { required: true, max: 120 }) })
  .meta({ id: 'LoginBody' });

/** POST /api/auth/register: the same rules and words as the form (docs/product.md#form-rules). */
export const RegisterBody = z
  .object({
    name: Text('Name', { required: true, max: 80 }),
    email: Text('Email', { required: true, max: 120 }).regex(patterns.email, 'Email is not a valid email address'),
    phone: Text('Phone', { required: true }).regex(patterns.phone, 'Phone is not in valid format'),
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof RegisterBody>;

/** POST /api/auth/verify: the 6-digit code. */
export const VerifyBody = z
  .object({ code: z.string().trim().regex(/^\d{6}$/, 'Please enter the 6-digit code') })
  .meta({ id: 'VerifyBody' });

export const CodeSent = z
  .object({ to: z.string().meta({ description: 'Where the code went, masked' }), expires_in: z.number().int() })
  .meta({ id: 'CodeSent' });

export const SignedIn = z.object({ user: User }).meta({ id: 'SignedIn' });

/** GET /api/dev/outbox (demo mode only): the codes sent to a phone or email, newest first. */
export const Outbox = z
  .object({ messages: z.array(z.object({ to: z.string(), text: z.string(), created_at: z.string() })) })
  .meta({ id: 'Outbox' });
