import type { APIContext } from 'astro';
import { setFlash } from '../flash';
import { safeReturnPath } from '../redirect';
import { useFormToken } from './form-call';
import { serverApi, type ServerApi } from './server';

/**
 * A small form's post without JavaScript: run one API call with the form's anti-forgery token, keep any
 * error as a one-time message, and send the shopper back where they were (303).
 */
export async function handleSmallForm(context: APIContext, work: (api: ServerApi, form: FormData) => Promise<unknown>): Promise<Response> {
  const form = await context.request.formData();
  const api = serverApi(context.request, context.clientAddress);
  try {
    await useFormToken(api, form);
    await work(api, form);
  } catch (error) {
    setFlash(context.cookies, error instanceof Error ? error.message : 'Something went wrong');
  }
  const headers = new Headers({ location: safeReturnPath(form.get('return'), '/') });
  for (const cookie of api.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
