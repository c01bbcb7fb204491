import { useId, type ReactNode } from 'react';

interface ConfirmStepProps {
  message: ReactNode;
  /** Where Confirm posts (the small form's route), with these hidden fields (the anti-forgery token among them). */
  action: string;
  fields: Record<string, string | number>;
  /** Where Cancel goes: the page without the question. */
  back: string;
  /** As the Confirm dialog's (docs/product.md#constants). */
  title?: string;
  confirmText?: string;
  cancelText?: string;
}

/**
 * The Confirm dialog as a step of the page, for a tap that came before the island woke (or without JavaScript):
 * the destructive form asks by address (`?confirm=…`) instead of posting, and the page draws this, with the
 * dialog's title, message and buttons. Confirm is a plain post; Cancel a link back. Nothing changes until
 * Confirm, so a quick tap on a slow phone never cancels or deletes unasked.
 */
export function ConfirmStep({ message, action, fields, back, title = 'Please ', confirmText = 'Confirm', cancelText = 'Cancel' }: ConfirmStepProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border-2 border-red-300 bg-background p-4" data-confirm-step>
      <h2 id={titleId} className="text-base font-semibold">{title}</h2>
      <p className="py-2">{message}</p>
      <form method="post" action={action} className="flex flex-wrap justify-end gap-2">
        {Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
        <a href={back} className="inline-flex min-h-11 items-center rounded-full border border-border px-5">{cancelText}</a>
        <button type="submit" className="min-h-11 rounded-full bg-primary px-5 font-medium text-primary-foreground">{confirmText}</button>
      </form>
    </section>
  );
}
