import { useId, type ReactNode } from 'react';
import { DateField } from './DateField';
import { Select, type Option } from './Select';

type FieldType =
  | 'text' | 'textarea' | 'boolean' | 'checkbox' | 'select' | 'combobox' | 'radio' | 'datepicker' | 'search' | 'file' | 'custom'
  | 'email' | 'tel' | 'number' | 'password' | 'url';

export interface FieldProps {
  name: string;
  label: string;
  type?: FieldType;
  value?: unknown;
  onChange?: (value: unknown) => void;
  error?: string;
  required?: boolean;
  readonly?: boolean;
  description?: string;
  placeholder?: string;
  options?: Option[];
  /** select and combobox: choose several. */
  multiple?: boolean;
  /** file: accepted types, e.g. 'image/*'. */
  accept?: string;
  /** custom: the control itself (it should use the given id). */
  children?: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
  inputMode?: 'numeric' | 'text' | 'tel' | 'email' | 'decimal';
}

const INPUT = 'h-11 w-full rounded-md border bg-background px-3 text-sm focus:border-primary disabled:bg-muted';

/**
 * One form field: label (with an asterisk when required), the control for its type, a description and the
 * error message, wired together with ids so assistive technology reads them.
 */
export function Field(props: FieldProps) {
  const { name, label, type = 'text', value, onChange = () => {}, error, required, readonly, description, placeholder, options = [], multiple, accept } = props;
  const id = useId();
  const describedBy = [description && `${id}-desc`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error);
  const border = invalid ? 'border-red-500' : 'border-border';
  const labelText = (
    <>
      {label}
      {required && <span className="ml-0.5 text-red-600" aria-hidden="true">*</span>}
    </>
  );
  const common = { id, name, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined };

  let control: ReactNode;
  switch (type) {
    case 'textarea':
      control = <textarea {...common} readOnly={readonly} placeholder={placeholder} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} rows={4} className={`${INPUT} ${border} h-auto py-2`} />;
      break;
    case 'boolean':
    case 'checkbox':
      return (
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="flex items-center gap-2 text-sm">
            <input {...common} type="checkbox" disabled={readonly} checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 accent-[var(--color-primary)]" />
            {labelText}
          </label>
          <Help id={id} description={description} error={error} />
        </div>
      );
    case 'radio':
      return (
        <fieldset className="flex flex-col gap-1" aria-describedby={describedBy} aria-invalid={invalid || undefined}>
          <legend className="mb-1 text-sm font-medium">{labelText}</legend>
          {options.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input type="radio" name={name} value={option.value} disabled={readonly} checked={value === option.value} onChange={() => onChange(option.value)} className="accent-[var(--color-primary)]" />
              {option.label}
            </label>
          ))}
          <Help id={id} description={description} error={error} />
        </fieldset>
      );
    case 'select':
      control = multiple ? (
        <Select id={id} multiple options={options} value={(value as string[]) ?? []} onChange={onChange} invalid={invalid} describedBy={describedBy} disabled={readonly} />
      ) : (
        <select {...common} disabled={readonly} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} className={`${INPUT} ${border}`}>
          <option value="">{placeholder ?? 'Select…'}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'combobox':
      control = multiple ? (
        <Select id={id} multiple options={options} value={(value as string[]) ?? []} onChange={onChange} invalid={invalid} describedBy={describedBy} disabled={readonly} placeholder={placeholder} />
      ) : (
        <Select id={id} options={options} value={(value as string | null) ?? null} onChange={onChange} invalid={invalid} describedBy={describedBy} disabled={readonly} placeholder={placeholder} />
      );
      break;
    case 'datepicker':
      control = <DateField id={id} name={name} value={String(value ?? '')} onChange={onChange} invalid={invalid} describedBy={describedBy} disabled={readonly} />;
      break;
    case 'file':
      control = (
        <input {...common} type="file" accept={accept} required={required} disabled={readonly} onChange={(e) => onChange(e.target.files?.[0] ?? null)} className={`${INPUT} ${border} py-1.5`} />
      );
      break;
    case 'custom':
      control = props.children?.({ id, describedBy, invalid });
      break;
    default:
      control = (
        <input
          {...common}
          type={type}
          readOnly={readonly}
          placeholder={placeholder}
          inputMode={props.inputMode}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
          className={`${INPUT} ${border}`}
        />
      );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {labelText}
      </label>
      {control}
      <Help id={id} description={description} error={error} />
    </div>
  );
}

function Help({ id, description, error }: { id: string; description?: string; error?: string }) {
  return (
    <>
      {description && (
        <p id={`${id}-desc`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
