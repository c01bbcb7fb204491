import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { uiSay } from '../lib/i18n/page-words';

/** Default width 450 px, Cancel and Ok, slide-in after 5 ms, close after 300 ms (docs/product.md#shared-widgets). */
const MODAL_WIDTH = 450;
const SLIDE_IN_MS = 5;
const CLOSE_DELAY_MS = 300;

export interface ModalProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** Called once the closing animation ends; `confirmed` is true when Ok was chosen. */
  onClose: (confirmed: boolean) => void;
  width?: number;
  okText?: string;
  cancelText?: string;
  /** The title's × button's name: 'Close' by default, in the page's language (its shared `ui` words). */
  closeText?: string;
  /** No Cancel button (alerts). */
  hideCancel?: boolean;
  /** No buttons at all (the content brings its own). */
  hideFooter?: boolean;
  /**
   * Asked before Close, Cancel or Escape closes the dialog (not before Ok): false keeps it open. A form with
   * unsaved changes asks whether to discard them.
   */
  beforeClose?: () => boolean | Promise<boolean>;
}

/**
 * A modal on the native <dialog> (`showModal()`): the browser moves the focus to its first control (the title's
 * Close), makes the page behind inert, and gives the focus back to what had it when the dialog closes; Escape
 * cancels; the title names the dialog. A dialog taken off the page while open (a parent that stops drawing it)
 * gives the focus back too. States: open, closed, and confirmed (Ok closes it and reports confirmed).
 */
export function Modal({ open, title, children, onClose, width = MODAL_WIDTH, okText, cancelText, closeText, hideCancel, hideFooter, beforeClose }: ModalProps) {
  const say = uiSay();
  okText ??= say?.('ui.ok') ?? 'Ok';
  cancelText ??= say?.('ui.cancel') ?? 'Cancel';
  closeText ??= say?.('ui.close') ?? 'Close';
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, setState] = useState<'closed' | 'open' | 'closing'>('closed');

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      const opener = document.activeElement;
      el.showModal();
      const timer = setTimeout(() => setState('open'), SLIDE_IN_MS);
      return () => {
        clearTimeout(timer);
        // Removed while open, a dialog does not hand the focus back as close() does: it would be lost to the page.
        if (!el.isConnected && document.activeElement === document.body && opener instanceof HTMLElement) opener.focus();
      };
    }
    if (!open && el.open) el.close();
  }, [open]);

  const close = async (confirmed: boolean) => {
    if (!confirmed && beforeClose && !(await beforeClose())) return;
    setState('closing');
    setTimeout(() => {
      dialog.current?.close();
      setState('closed');
      onClose(confirmed);
    }, CLOSE_DELAY_MS);
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-state={state}
      onCancel={(event) => {
        event.preventDefault();
        void close(false);
      }}
      className="m-auto w-[calc(100%-2rem)] rounded-xl border border-border bg-background p-0 text-foreground shadow-2xl transition duration-300 backdrop:bg-black/40 data-[state=closed]:translate-y-4 data-[state=closed]:opacity-0 data-[state=closing]:translate-y-4 data-[state=closing]:opacity-0"
      style={{ maxWidth: width }}
    >
      <div className="flex items-center justify-between border-b border-border py-1 pl-5 pr-2">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <button type="button" onClick={() => void close(false)} aria-label={closeText} className="size-11 rounded-full text-2xl leading-none hover:bg-muted">
          ×
        </button>
      </div>
      <div className="px-5 py-4">{children}</div>
      {!hideFooter && (
        <div className="flex justify-end gap-2 border-t border-border px-5 py-3">
          {!hideCancel && (
            <button type="button" onClick={() => void close(false)} className="min-h-11 rounded-full border border-border px-4 py-2 text-sm hover:bg-muted">
              {cancelText}
            </button>
          )}
          <button type="button" onClick={() => void close(true)} className="min-h-11 rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-foreground">
            {okText}
          </button>
        </div>
      )}
    </dialog>
  );
}
