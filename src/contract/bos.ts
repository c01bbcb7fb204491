import { z } from 'zod';
import { Id } from './common';
import { Text } from './rules';

/** A website as the super administrator's switcher lists it. */
const WebsiteSummary = z
  .object({ id: z.number().int(), name: z.string(), domains: z.array(z.string()), current: z.boolean() })
  .meta({ id: 'WebsiteSummary' });
export const WebsiteList = z.object({ websites: z.array(WebsiteSummary) }).meta({ id: 'WebsiteList' });

export const SwitchWebsiteBody = z.object({ website_id: Id }).meta({ id: 'SwitchWebsiteBody' });

/** A host name such as shop3.example.in or shop3.localhost (no scheme, port or path). */
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const CreateWebsiteBody = z
  .object({
    name: Text('Name', { required: true, max: 80 }),
    domain: Text('Domain', { required: true }).toLowerCase().regex(HOSTNAME, 'Domain is not in valid format'),
  })
  .meta({ id: 'CreateWebsiteBody' });
