import { describe, expect, it } from 'vitest';
import { toastType } from './toasts';

describe('toast types', () => {
  it('keeps info, success, warning and error, and makes anything else info', () => {
    expect(['info', 'success', 'warning', 'error', 'shout', ''].map(toastType)).toEqual(['info', 'success', 'warning', 'error', 'info', 'info']);
  });
});
