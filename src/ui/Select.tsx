import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

export interface Option {
  value: string;
  label: string;
}

interface Common {
  options: Option[];
  /** Names the control for assistive technology when no <label> points at `id`. */
  label?: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}
export type SelectProps = Common &
  ({ multiple?: false; value: string | null; onChange: (value: string | null) => void } | { multiple: true; value: string[]; onChange: (value: string[]) => void });

/** A searchable single or multi select with a clear button (an ARIA combobox with a listbox). */
export function Select(props: SelectProps) {
  const { options, label, placeholder = 'Select…', disabled, invalid, describedBy } = props;
  const ownId = useId();
  const id = props.id ?? ownId;
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const chosen = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? value;

  const choose = (option: Option) => {
    if (props.multiple) {
      props.onChange(chosen.includes(option.value) ? chosen.filter((v) => v !== option.value) : [...chosen, option.value]);
    } else {
      props.onChange(option.value);
      setOpen(false);
    }
    setQuery('');
  };
  const clear = () => {
    if (props.multiple) props.onChange([]);
    else props.onChange(null);
    setQuery('');
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open && matches[active]) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Backspace' && !query && props.multiple && chosen.length) {
      props.onChange(chosen.slice(0, -1));
    }
  };

  const shown = !props.multiple && !open && chosen[0] !== undefined ? labelOf(chosen[0]) : query;
  return (
    <div className="relative" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setOpen(false)}>
      <div className={`flex min-h-11 flex-wrap items-center gap-1 rounded-md border bg-background px-2 py-1 ${invalid ? 'border-red-500' : 'border-border'}`}>
        {props.multiple &&
          chosen.map((value) => (
            <span key={value} className="flex items-center gap-1 rounded bg-muted px-2 py-0.5 text-xs">
              {labelOf(value)}
              <button type="button" aria-label={`Remove ${labelOf(value)}`} onClick={() => choose({ value, label: labelOf(value) })}>
                ×
              </button>
            </span>
          ))}
        <input
          ref={input}
          id={id}
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? `${id}-opt-${active}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          value={shown}
          placeholder={chosen.length ? '' : placeholder}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="min-w-16 flex-1 bg-transparent py-1 text-sm"
        />
        {chosen.length > 0 && !disabled && (
          <button type="button" onClick={clear} aria-label="Clear" className="px-1 text-muted-foreground hover:text-foreground">
            ×
          </button>
        )}
      </div>
      {open && (
        <ul id={listId} role="listbox" aria-multiselectable={props.multiple || undefined} className="absolute z-[9999] mt-1 max-h-60 w-full overflow-auto rounded-md border border-border bg-background py-1 text-sm shadow-lg">
          {matches.length === 0 && <li className="px-3 py-2 text-muted-foreground">No matches</li>}
          {matches.map((option, i) => (
            <li
              key={option.value}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={chosen.includes(option.value)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-muted' : ''} ${chosen.includes(option.value) ? 'font-medium text-primary' : ''}`}
            >
              {option.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
