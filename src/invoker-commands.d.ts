/**
 * Invoker commands (`commandfor` and `command` on a button: open a <dialog> as a modal, or close it, without
 * script) are HTML that React 19 renders as written but whose types @types/react does not have yet.
 */
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover';
  }
}
