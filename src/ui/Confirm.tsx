import { useCallback, useRef, useState, type ReactNode } from 'react';
import { uiSay } from '../lib/i18n/page-words';
import { Modal } from './Modal';

export interface ConfirmOptions {
  message: ReactNode;
  /** Default 'Please ' (docs/product.md#constants). */
  title?: string;
  confirmText?: string;
  cancelText?: string;
  /** An alert: one OK button. */
  alert?: boolean;
}

/** The dialog's fixed words (`t('ui.please')`, …), each the page's shared `ui` words when left out (English on English pages). */
export interface ConfirmLabels {
  title?: string;
  confirm?: string;
  cancel?: string;
  ok?: string;
  close?: string;
}

/**
 * A confirm or alert dialog: `const [dialog, ask] = useConfirm()`, render `dialog`, and `await ask({...})`
 * resolves true when confirmed, false when cancelled. `labels` give its default words in the page's language.
 */
export function useConfirm(labels: ConfirmLabels = {}): [ReactNode, (options: ConfirmOptions) => Promise<boolean>] {
  const say = uiSay();
  const { title = say?.('ui.please') ?? 'Please ', confirm = say?.('ui.confirm') ?? 'Confirm', cancel = say?.('ui.cancel') ?? 'Cancel', ok = say?.('ui.alertOk') ?? 'OK', close } = labels;
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<(value: boolean) => void>(undefined);
  const ask = useCallback(
    (next: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOptions(next);
      }),
    [],
  );
  const dialog = (
    <Modal
      open={options !== null}
      title={options?.title ?? title}
      okText={options?.alert ? ok : (options?.confirmText ?? confirm)}
      cancelText={options?.cancelText ?? cancel}
      closeText={close}
      hideCancel={options?.alert}
      onClose={(confirmed) => {
        setOptions(null);
        resolver.current?.(confirmed);
      }}
    >
      {options?.message}
    </Modal>
  );
  return [dialog, ask];
}
