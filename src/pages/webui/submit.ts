import type { APIRoute } from 'astro';
import { handleSmallForm } from '../../lib/api/small-forms';
import { setFlash } from '../../lib/flash';

/** POST /webui/submit: a content page's form without JavaScript; the thank-you comes back as a one-time message. */
export const POST: APIRoute = (context) =>
  handleSmallForm(context, async (api, form) => {
    const formdata: Record<string, string> = {};
    for (const [key, value] of form) if (!['xsrf', 'formtype', 'return'].includes(key) && typeof value === 'string') formdata[key] = value;
    const answer = await api.submitForm({ emailactivation: 1, formtype: String(form.get('formtype') ?? ''), formdata });
    setFlash(context.cookies, answer.message, 'success');
  });
