// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageButtons, pageCount } from '../../src/lib/pagination';
import { $toasts, dismissToast, toast, toastError, TOAST_EVENT } from '../../src/stores/toasts';
import Toaster from '../../src/ui/Toaster';
import { useConfirm } from '../../src/ui/Confirm';
import { DateField } from '../../src/ui/DateField';
import { Field } from '../../src/ui/Field';
import { Modal } from '../../src/ui/Modal';
import { Pagination } from '../../src/ui/Pagination';
import { Select } from '../../src/ui/Select';
import { useForm } from '../../src/ui/useForm';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  $toasts.set([]);
});

describe('Modal', () => {
  it('opens as a named dialog 450 px wide with Cancel and Ok; Ok reports confirmed after the close delay', async () => {
    const onClose = vi.fn();
    render(<Modal open title="Remove item" onClose={onClose}>Sure?</Modal>);
    const dialog = screen.getByRole('dialog', { name: 'Remove item' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.style.maxWidth).toBe('450px');
    act(() => void vi.advanceTimersByTime(5));
    expect(dialog.dataset.state).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    act(() => void vi.advanceTimersByTime(299));
    expect(onClose).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('Cancel, the close button and Escape report not confirmed', () => {
    const onClose = vi.fn();
    render(<Modal open title="T" onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => void vi.advanceTimersByTime(300));
    fireEvent(screen.getByRole('dialog', { hidden: true }), new Event('cancel', { cancelable: true }));
    act(() => void vi.advanceTimersByTime(300));
    expect(onClose.mock.calls).toEqual([[false], [false]]);
  });
});

describe('confirm and alert', () => {
  function Asker({ alert, onAnswer }: { alert?: boolean; onAnswer: (a: boolean) => void }) {
    const [dialog, ask] = useConfirm();
    return (
      <>
        <button onClick={async () => onAnswer(await ask({ message: 'Cancel this order?', alert }))}>ask</button>
        {dialog}
      </>
    );
  }
  it("defaults to the title 'Please ' with Cancel and Confirm, and resolves true on Confirm", async () => {
    const onAnswer = vi.fn();
    render(<Asker onAnswer={onAnswer} />);
    fireEvent.click(screen.getByText('ask'));
    const dialog = screen.getByRole('dialog');
    expect(dialog.querySelector('h2')!.textContent).toBe('Please ');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await act(async () => void vi.advanceTimersByTime(300));
    expect(onAnswer).toHaveBeenCalledWith(true);
  });
  it('alerts with one OK button', () => {
    render(<Asker alert onAnswer={() => {}} />);
    fireEvent.click(screen.getByText('ask'));
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});

describe('toasts', () => {
  it('show for 5000 ms, fall back to info for an unknown type, word errors by the product\'s rules, and are spoken from the layout\'s live region', () => {
    const live = Object.assign(document.createElement('div'), { role: 'status' });
    live.setAttribute('data-toast-live', '');
    document.body.append(live);
    render(<Toaster />);
    act(() => {
      toast('Wishlist added successfully', 'success');
      toast('Hello', 'shout');
      toast('Careful', 'warning');
      toastError({ body: { message: 'This coupon has expired' } });
    });
    expect($toasts.get().map((t) => t.type)).toEqual(['success', 'info', 'warning', 'error']);
    expect([...document.querySelectorAll('[data-toaster] [data-type]')].map((el) => el.getAttribute('data-type'))).toEqual(['success', 'info', 'warning', 'error']);
    expect(document.querySelector('[data-toaster] [data-type="error"]')!.textContent).toContain('This coupon has expired');
    // The visible stack is not a live region: only the layout's region speaks, so nothing is announced twice.
    expect(document.querySelectorAll('[data-toaster] [role], [data-toaster] [aria-live]')).toHaveLength(0);
    expect(live.textContent).toContain('Wishlist added successfully');
    expect(live.textContent).toContain('This coupon has expired');
    act(() => void vi.advanceTimersByTime(4999));
    expect($toasts.get()).toHaveLength(4);
    act(() => void vi.advanceTimersByTime(1));
    expect($toasts.get()).toHaveLength(0);
    expect(document.querySelectorAll('[data-toaster] > *')).toHaveLength(0);
    expect(live.textContent).toBe('');
    live.remove();
  });

  it('Dismiss takes one toast off at once', () => {
    render(<Toaster />);
    act(() => {
      toast('First');
      toast('Second');
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect([...document.querySelectorAll('[data-toaster] [data-type]')].map((el) => el.textContent)).toEqual(['Second×']);
  });

  it('each new toast raises the window event that wakes the sleeping Toaster island', () => {
    const woken = vi.fn();
    window.addEventListener(TOAST_EVENT, woken);
    const id = toast('Saved', 'success');
    dismissToast(id);
    window.removeEventListener(TOAST_EVENT, woken);
    expect(woken).toHaveBeenCalledTimes(1);
  });

  it('goes inside the open modal dialog, so its Dismiss can be pressed there', () => {
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    const modal = vi.spyOn(document, 'querySelectorAll').mockImplementation(((selector: string) =>
      selector === 'dialog:modal' ? ([dialog] as unknown as NodeListOf<Element>) : selector.includes(':popover-open') ? ([] as unknown as NodeListOf<Element>) : Document.prototype.querySelectorAll.call(document, selector)) as typeof document.querySelectorAll);
    render(<Toaster />);
    act(() => void toast('Above the dialog'));
    modal.mockRestore();
    expect(dialog.querySelector('[data-toaster]')?.textContent).toContain('Above the dialog');
    dialog.remove();
  });
});

describe('Pagination', () => {
  it("shows 'Total: N', the rows-per-page choices and five page buttons", () => {
    const onPageChange = vi.fn();
    const onPerPageChange = vi.fn();
    render(<Pagination total={257} perPage={10} page={7} onPageChange={onPageChange} onPerPageChange={onPerPageChange} />);
    expect(screen.getByText('Total: 257')).toBeTruthy();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5 per page', '10 per page', '20 per page', '50 per page', '100 per page']);
    const numbers = screen.getAllByRole('button').map((b) => b.textContent).filter((t) => /^\d+$/.test(t!));
    expect(numbers).toEqual(['5', '6', '7', '8', '9']);
    expect(screen.getByRole('button', { name: '7' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '50' } });
    expect(onPageChange).toHaveBeenCalledWith(8);
    expect(onPerPageChange).toHaveBeenCalledWith(50);
  });
  it('as links, keeps its state in the URL: page links, and rows per page as a GET form keeping the query', () => {
    const { container } = render(<Pagination total={60} perPage={20} page={1} hrefFor={(n) => `/account/orders?status=placed&page=${n}`} perPageQuery={{ status: 'placed' }} />);
    expect(screen.getByRole('link', { name: '2' }).getAttribute('href')).toBe('/account/orders?status=placed&page=2');
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('rel')).toBe('next');
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(screen.queryAllByRole('button').map((b) => b.textContent)).toEqual(['Show']);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(Object.fromEntries(new FormData(form))).toEqual({ status: 'placed', perPage: '20' });
  });
  it('keeps the buttons within the pages there are', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(26, 26)).toEqual([22, 23, 24, 25, 26]);
    expect(pageButtons(99, 26)).toEqual([22, 23, 24, 25, 26]);
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(49, 24)).toBe(3);
  });
});

describe('Select', () => {
  const options = [{ value: 'blr', label: 'Bengaluru' }, { value: 'mum', label: 'Mumbai' }, { value: 'mys', label: 'Mysuru' }];
  function Single() {
    const [value, setValue] = useState<string | null>(null);
    return <Select label="City" options={options} value={value} onChange={setValue} />;
  }
  function Multi() {
    const [value, setValue] = useState<string[]>([]);
    return <Select label="Cities" multiple options={options} value={value} onChange={setValue} />;
  }
  it('filters as you type, chooses with the keyboard, and clears', () => {
    render(<Single />);
    const box = screen.getByRole('combobox', { name: 'City' });
    fireEvent.change(box, { target: { value: 'my' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Mysuru']);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLInputElement).value).toBe('Mysuru');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });
  it('chooses several, removes one, and clears all', () => {
    render(<Multi />);
    const box = screen.getByRole('combobox', { name: 'Cities' });
    fireEvent.focus(box);
    fireEvent.click(screen.getByRole('option', { name: 'Bengaluru' }));
    fireEvent.click(screen.getByRole('option', { name: 'Mumbai' }));
    expect(screen.getByRole('option', { name: 'Mumbai' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bengaluru' }));
    expect(screen.queryByRole('button', { name: 'Remove Bengaluru' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('button', { name: 'Remove Mumbai' })).toBeNull();
  });
});

describe('DateField', () => {
  function Picker() {
    const [value, setValue] = useState('');
    return (
      <>
        <label htmlFor="dob">Date of birth</label>
        <DateField id="dob" value={value} onChange={setValue} name="dob" />
        <output>{value}</output>
      </>
    );
  }
  it('is a read-only combobox that opens its calendar; a date picked is kept as YYYY-MM-DD; years run 1900 to 2099', () => {
    render(<Picker />);
    const input = screen.getByRole('combobox', { name: 'Date of birth' }) as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-controls')!)).toBe(screen.getByRole('dialog', { name: 'Choose a date' }));
    const years = screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement;
    expect(years.options[0]!.value).toBe('1900');
    expect(years.options[years.options.length - 1]!.value).toBe('2099');
    fireEvent.change(years, { target: { value: '1990' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Month' }), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'May 1, 1990' }));
    expect(document.querySelector('output')!.textContent).toBe('1990-05-01');
    expect(input.value).toBe('May 1, 1990');
    expect((document.querySelector('input[name="dob"]') as HTMLInputElement).value).toBe('1990-05-01');
  });
});

describe('Field and useForm', () => {
  function Signup({ onSave }: { onSave: (v: unknown) => void }) {
    const form = useForm({ name: '', email: '', agree: false }, {
      name: { required: true, label: 'Name' },
      email: { required: true, type: 'email', label: 'Email' },
    });
    return (
      <form onSubmit={form.handleSubmit(onSave)}>
        <Field name="name" label="Name" required value={form.values.name} onChange={(v) => form.setValue('name', v as string)} error={form.errors.name} />
        <Field name="email" label="Email" type="email" required value={form.values.email} onChange={(v) => form.setValue('email', v as string)} error={form.errors.email} />
        <Field name="agree" label="Send me offers" type="checkbox" value={form.values.agree} onChange={(v) => form.setValue('agree', v as boolean)} />
        <button type="submit">Save</button>
        <button type="button" onClick={form.reset}>Reset</button>
      </form>
    );
  }
  it('marks required fields, validates on submit, re-validates on change after an error, and resets', async () => {
    const onSave = vi.fn();
    render(<Signup onSave={onSave} />);
    expect(screen.getByText('Name').parentElement!.textContent).toBe('Name*');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'asha@' } });
    expect(screen.getByText('Email is not a valid email address')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'asha@example.com' } });
    expect(screen.queryByText('Email is not a valid email address')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Asha' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(onSave).toHaveBeenCalledWith({ name: 'Asha', email: 'asha@example.com', agree: false });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders the control of each type', () => {
    const options = [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }];
    const { container } = render(
      <>
        <Field name="t" label="Notes" type="textarea" />
        <Field name="r" label="Slot" type="radio" options={options} value="b" />
        <Field name="s" label="State" type="select" options={options} />
        <Field name="c" label="City" type="combobox" options={options} />
        <Field name="d" label="Date" type="datepicker" />
        <Field name="f" label="Photo" type="file" required readonly accept="image/*" />
        <Field name="p" label="Pincode" type="text" inputMode="numeric" />
        <Field name="x" label="Custom" type="custom">{({ id }) => <input id={id} data-custom />}</Field>
      </>,
    );
    expect(container.querySelector('textarea')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'B' }) as HTMLInputElement).checked).toBe(true);
    expect(container.querySelector('select[name="s"]')).toBeTruthy();
    expect(screen.getAllByRole('combobox').length).toBeGreaterThanOrEqual(2);
    const file = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect([file.required, file.disabled, file.accept]).toEqual([true, true, 'image/*']);
    expect(container.querySelector('input[inputmode="numeric"]')).toBeTruthy();
    const custom = container.querySelector('[data-custom]')!;
    expect(custom.id).toBe([...container.querySelectorAll('label')].find((l) => l.textContent === 'Custom')!.htmlFor);
  });
});
