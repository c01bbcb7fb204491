import type { ReactNode } from 'react';

interface Props {
  name: string;
  value: string | number;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
  /** The id of the form the choice is sent with, when the card stands outside it. */
  form?: string;
  children: ReactNode;
}

/** One choice of a radio group drawn as a card (the whole card is the label; the chosen one is outlined). */
export function RadioCard({ name, value, checked, onChange, disabled, form, children }: Props) {
  return (
    <label className="flex min-w-0 cursor-pointer gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:disabled]:cursor-not-allowed">
      <input
        type="radio"
        name={name}
        value={value}
        form={form}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="mt-1 h-5 w-5 shrink-0 accent-[var(--color-primary)]"
      />
      <span className="flex min-w-0 flex-col text-sm wrap-break-word">{children}</span>
    </label>
  );
}
