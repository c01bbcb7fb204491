import { useCallback, useRef, useState, type ReactNode } from 'react';
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

/**
 * A confirm or alert dialog: `const [dialog, ask] = useConfirm()`, render `dialog`, and `await ask({...})`
 * resolves true when confirmed, false when cancelled.
 */
export function useConfirm(): [ReactNode, (options: ConfirmOptions) => Promise<boolean>] {
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
      title={options?.title ?? 'Please '}
      okText={options?.alert ? 'OK' : (options?.confirmText ?? 'Confirm')}
      cancelText={options?.cancelText ?? 'Cancel'}
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
