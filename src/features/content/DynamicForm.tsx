import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { BLOCKS } from '../../contract/blocks';
import { api } from '../../lib/api/browser';
import { forms } from '../../lib/i18n/messages/en/forms';
import { english, speak, type Words } from '../../lib/i18n/words';
import { toastError } from '../../stores/toasts';

/** Handlers attach 1000 ms after the content appears (docs/product.md#dynamic-form). */
export const ATTACH_AFTER_MS = 1000;

interface Props {
  data: z.infer<(typeof BLOCKS)['dynamic_form']>;
  xsrf: string;
  back: string;
  /** The form's own words in the page's language (lib/i18n/island-words.ts); English when absent. The merchant's labels, button and thank-you are data, as written. */
  words?: Words<typeof forms>;
}

const INPUT = 'h-11 rounded-md border border-border bg-background px-3 font-normal';
const HIDDEN = new Set(['xsrf', 'formtype', 'return']);

/**
 * Milliseconds since the page's content appeared: the document's start on a first load, and each client
 * navigation's page-load once this module is loaded (it loads with the first form a shopper touches).
 */
let shownAt = 0;
if (typeof document !== 'undefined') document.addEventListener('astro:page-load', () => (shownAt = performance.now()));
const sinceShown = () => performance.now() - shownAt;

/**
 * A content page's form (docs/product.md#dynamic-form): a real form posting to /webui/submit, so it works without JavaScript;
 * hydrated on the first interaction, it saves through the API ('Wait Saving...' and disabled while it does),
 * shows the API's message per field, then resets and shows the thank-you under the form, where it stays (the
 * original 600 ms modal was gone before it could be read) until the form is sent again. A submit within 1000 ms of
 * the page appearing posts natively, as before handlers attach.
 */
export default function DynamicForm({ data, xsrf, back, words }: Props) {
  const say = speak(words ?? english(forms));
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [thanks, setThanks] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (sinceShown() < ATTACH_AFTER_MS) return;
    event.preventDefault();
    if (saving) return;
    const form = event.currentTarget;
    const formdata: Record<string, string> = {};
    for (const [key, value] of new FormData(form)) if (!HIDDEN.has(key) && typeof value === 'string') formdata[key] = value;
    setSaving(true);
    setErrors({});
    setThanks(null);
    try {
      const answer = await api().submitForm({ emailactivation: 1, formtype: data.formtype, formdata });
      form.reset();
      setThanks(answer.message);
    } catch (failure) {
      const fields = (failure as { body?: { errors?: Record<string, string[]> } }).body?.errors ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name, messages[0] ?? ''])));
      toastError(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="mt-6 max-w-xl" aria-label={data.title ?? say('forms.form')} data-block="dynamic_form">
      {data.title && <h2 className="mb-3 text-xl font-semibold">{data.title}</h2>}
      <form method="post" action="/webui/submit" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="xsrf" value={xsrf} />
        <input type="hidden" name="formtype" value={data.formtype} />
        <input type="hidden" name="return" value={back} />
        {data.fields.map((field) => (
          <label key={field.name} className="flex flex-col gap-1 text-sm font-medium">
            <span>
              {field.label}
              {field.required && <span className="ml-0.5 text-red-600" aria-hidden="true">*</span>}
            </span>
            {field.type === 'textarea' ? (
              <textarea name={field.name} required={field.required} rows={4} className={`${INPUT} h-auto py-2`} />
            ) : field.type === 'select' ? (
              <select name={field.name} required={field.required} className={INPUT} defaultValue="">
                <option value="">{say('forms.select')}</option>
                {(field.options ?? []).map((option) => <option key={option}>{option}</option>)}
              </select>
            ) : field.type === 'checkbox' ? (
              <input type="checkbox" name={field.name} value="yes" required={field.required} className="h-4 w-4" />
            ) : (
              <input type={field.type} name={field.name} required={field.required} inputMode={field.type === 'tel' ? 'numeric' : undefined} className={INPUT} />
            )}
            <span className="text-xs font-normal text-red-600" role="alert" data-field-error={field.name}>{errors[field.name]}</span>
          </label>
        ))}
        <button type="submit" disabled={saving} className="h-11 self-start rounded-full bg-primary px-6 font-medium text-primary-foreground disabled:opacity-60">
          {saving ? say('forms.saving') : data.submit}
        </button>
      </form>
      <p role="status" data-thanks className={thanks ? 'mt-4 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900' : 'sr-only'}>
        {thanks}
      </p>
    </section>
  );
}
