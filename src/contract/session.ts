import './no-eval';
import { z } from 'zod';

/** The signed-in user as the storefront sees it (docs/product.md#entities, User). */
export const User = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    superadmin: z.boolean().default(false),
    hasAdminAccess: z.boolean().default(false),
    isSalesAgent: z.boolean().default(false),
    permissions: z.array(z.string()).default([]),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export { ORIGIN_HEADER, sessionCookieName, XSRF_COOKIE, XSRF_HEADER } from './constants';
