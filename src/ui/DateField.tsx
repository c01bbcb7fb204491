import dayjs from 'dayjs';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { formatCalendarDate } from '../lib/format';

/** Years the calendar offers (docs/product.md#other-rules). */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2099;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface DateFieldProps {
  id?: string;
  name?: string;
  /** YYYY-MM-DD, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/**
 * A read-only field (a combobox: it says it opens a dialog, and whether it is open) whose date is picked from a
 * calendar and kept as YYYY-MM-DD.
 */
export function DateField({ id, name, value, onChange, invalid, describedBy, disabled }: DateFieldProps) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  const chosen = /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid() ? dayjs(value) : null;
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => (chosen ?? dayjs()).startOf('month'));
  const first = month.startOf('month');
  const blanks = (first.day() + 6) % 7; // weeks start on Monday, as Indian calendars do
  const days = Array.from({ length: first.daysInMonth() }, (_, i) => first.add(i, 'day'));
  const canGo = (m: dayjs.Dayjs) => m.year() >= FIRST_YEAR && m.year() <= LAST_YEAR;
  const popup = useRef<HTMLDivElement>(null);

  // The calendar opens under its field, moved left as far as needed to stay inside the screen (a field on the
  // right of a phone's screen): a page that scrolls sideways would hide part of it.
  useLayoutEffect(() => {
    const el = popup.current;
    if (!open || !el) return;
    const box = el.getBoundingClientRect();
    const room = document.documentElement.clientWidth;
    el.style.translate = `${Math.max(Math.min(0, room - 1 - box.right), 1 - box.left)}px 0`;
  }, [open]);

  return (
    <div className="relative">
      <input
        id={fieldId}
        type="text"
        readOnly
        value={chosen ? formatCalendarDate(value) : ''}
        placeholder="Pick a date"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        role="combobox"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${fieldId}-calendar` : undefined}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') && (e.preventDefault(), setOpen(true))}
        className={`h-11 w-full cursor-pointer rounded-md border bg-background px-3 text-sm ${invalid ? 'border-red-500' : 'border-border'}`}
      />
      {name && <input type="hidden" name={name} value={value} />}
      {open && (
        <div ref={popup} id={`${fieldId}-calendar`} role="dialog" aria-label="Choose a date" className="absolute z-[9999] mt-1 w-max rounded-lg border border-border bg-background p-1 shadow-lg" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
          <div className="mb-1 flex w-77 items-center gap-1">
            <button type="button" aria-label="Previous month" disabled={!canGo(month.subtract(1, 'month'))} onClick={() => setMonth(month.subtract(1, 'month'))} className="size-11 shrink-0 rounded-full text-2xl leading-none hover:bg-muted disabled:opacity-30">
              ‹
            </button>
            <select aria-label="Month" value={month.month()} onChange={(e) => setMonth(month.month(Number(e.target.value)))} className="h-11 min-w-0 flex-1 rounded-md border border-border bg-background px-2 text-sm">
              {MONTHS.map((m, i) => (
                <option key={m} value={i}>
                  {m}
                </option>
              ))}
            </select>
            <select aria-label="Year" value={month.year()} onChange={(e) => setMonth(month.year(Number(e.target.value)))} className="h-11 min-w-0 flex-1 rounded-md border border-border bg-background px-2 text-sm">
              {Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, i) => FIRST_YEAR + i).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
            <button type="button" aria-label="Next month" disabled={!canGo(month.add(1, 'month'))} onClick={() => setMonth(month.add(1, 'month'))} className="size-11 shrink-0 rounded-full text-2xl leading-none hover:bg-muted disabled:opacity-30">
              ›
            </button>
          </div>
          {/* A group of day buttons, each named by its whole date (not an ARIA grid: that needs rows and arrow keys). */}
          <div className="grid grid-cols-[repeat(7,2.75rem)] text-center text-sm" role="group" aria-label={`${MONTHS[month.month()]} ${month.year()}`}>
            {['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((d) => (
              <span key={d} className="py-1 text-xs text-muted-foreground" aria-hidden="true">
                {d}
              </span>
            ))}
            {Array.from({ length: blanks }, (_, i) => (
              <span key={`blank-${i}`} />
            ))}
            {days.map((day) => {
              const iso = day.format('YYYY-MM-DD');
              return (
                <button
                  key={iso}
                  type="button"
                  aria-label={formatCalendarDate(iso)}
                  aria-pressed={iso === value}
                  onClick={() => {
                    onChange(iso);
                    setOpen(false);
                  }}
                  className={`h-11 rounded-full hover:bg-muted ${iso === value ? 'bg-primary text-primary-foreground' : ''}`}
                >
                  {day.date()}
                </button>
              );
            })}
          </div>
          {value && (
            <button type="button" onClick={() => (onChange(''), setOpen(false))} className="mt-1 min-h-11 px-3 text-sm text-muted-foreground underline">
              Clear date
            </button>
          )}
        </div>
      )}
    </div>
  );
}
