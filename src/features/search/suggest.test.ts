import { describe, expect, it, vi } from 'vitest';
import type { Suggestions } from '../../contract/suggest';
import { createSuggester, isSuggestions, listKey, moveActive, optionHref, suggestOptions, suggestText, type SuggesterParts, type SuggestOption } from './suggest';

const answer = (q: string): Suggestions => ({
  q,
  products: [{ name: `${q} Rice`, slug: `${q}-rice`, parts: [{ text: q, match: true }, { text: ' Rice', match: false }] }],
  categories: [{ name: 'Dals & Pulses', slug: 'dals-pulses', parts: [{ text: 'Dals & Pulses', match: false }] }],
  brands: [{ name: 'A&B "Co"', slug: 'a/b?c=1', parts: [] }],
});

/** Timers the test runs by hand. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    timers: { set: (run: () => void) => (pending.set(++next, run), next), clear: (t: unknown) => void pending.delete(t as number) },
    fire: () => {
      const runs = [...pending.values()];
      pending.clear();
      runs.forEach((run) => run());
    },
    get count() {
      return pending.size;
    },
  };
}

describe('the text worth asking about', () => {
  it('is trimmed with spaces collapsed; empty or over 100 characters is nothing', () => {
    expect(suggestText('  basmati   ri ')).toBe('basmati ri');
    expect(suggestText('   ')).toBeNull();
    expect(suggestText('a'.repeat(100))).toBe('a'.repeat(100));
    expect(suggestText('a'.repeat(101))).toBeNull();
  });
});

describe('options', () => {
  it('go to the product page, or the listing filtered by category or brand, slugs encoded', () => {
    expect(optionHref('product', 'toor-dal')).toBe('/products/toor-dal');
    expect(optionHref('category', 'dals-pulses')).toBe('/products?c=dals-pulses');
    expect(optionHref('brand', 'a/b?c=1')).toBe('/products?b=a%2Fb%3Fc%3D1');
    expect(optionHref('product', '../x')).toBe('/products/..%2Fx');
  });

  it('list products, then categories, then brands', () => {
    expect(suggestOptions(answer('bas')).map((o) => [o.kind, o.href])).toEqual([
      ['product', '/products/bas-rice'],
      ['category', '/products?c=dals-pulses'],
      ['brand', '/products?b=a%2Fb%3Fc%3D1'],
    ]);
  });

  it('arrow keys move through them and wrap; down from none is the first, up from none the last', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(2, 3, 'ArrowUp')).toBe(1);
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
  });

  it('keys: arrows open the list on the first or last option, then move; Enter chooses; Escape closes', () => {
    const closed = { open: false, active: -1 };
    expect(listKey(closed, 3, 'ArrowDown')).toEqual({ state: { open: true, active: 0 }, choose: null });
    expect(listKey(closed, 3, 'ArrowUp')).toEqual({ state: { open: true, active: 2 }, choose: null });
    expect(listKey({ open: true, active: 0 }, 3, 'ArrowDown')).toEqual({ state: { open: true, active: 1 }, choose: null });
    expect(listKey({ open: true, active: 0 }, 3, 'ArrowUp')).toEqual({ state: { open: true, active: 2 }, choose: null });
    expect(listKey({ open: true, active: 1 }, 3, 'Enter')).toEqual({ state: { open: false, active: -1 }, choose: 1 });
    expect(listKey({ open: true, active: 1 }, 3, 'Escape')).toEqual({ state: { open: false, active: -1 }, choose: null });
  });

  it('keys the list does not take are left to the field: Enter with nothing highlighted submits the form', () => {
    expect(listKey({ open: true, active: -1 }, 3, 'Enter')).toBeNull();
    expect(listKey({ open: false, active: 1 }, 3, 'Enter')).toBeNull();
    expect(listKey({ open: false, active: -1 }, 3, 'Escape')).toBeNull();
    expect(listKey({ open: false, active: -1 }, 0, 'ArrowDown')).toBeNull();
    expect(listKey({ open: true, active: 0 }, 0, 'Enter')).toBeNull();
    for (const key of ['a', 'Tab', 'ArrowLeft', ' ']) expect(listKey({ open: true, active: 0 }, 3, key), key).toBeNull();
  });

  it('an answer is a suggestions object only with its three lists', () => {
    expect(isSuggestions(answer('x'))).toBe(true);
    for (const body of [null, 'x', [], { products: [] }, { products: [], categories: [], brands: 'x' }]) expect(isSuggestions(body)).toBe(false);
  });
});

describe('the suggester', () => {
  const setup = (ask = vi.fn<SuggesterParts['ask']>(async (text) => answer(text))) => {
    const clock = manualTimers();
    const shown: [string | null, string[]][] = [];
    const suggester = createSuggester({ ask, show: (text, options: SuggestOption[]) => shown.push([text, options.map((o) => o.name)]), timers: clock.timers });
    return { ask, clock, shown, suggester };
  };

  it('asks once per pause in typing, about the last text', async () => {
    const { ask, clock, shown, suggester } = setup();
    for (const text of ['b', 'ba', 'bas']) suggester.type(text);
    expect(ask).not.toHaveBeenCalled();
    expect(clock.count).toBe(1);
    clock.fire();
    await vi.waitFor(() => expect(shown).toEqual([['bas', ['bas Rice', 'Dals & Pulses', 'A&B "Co"']]]));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(ask.mock.calls[0]![0]).toBe('bas');
  });

  it('aborts the call in flight when the text changes, and never shows a stale answer', async () => {
    const resolvers: ((a: Suggestions) => void)[] = [];
    const signals: AbortSignal[] = [];
    const ask = vi.fn((text: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<Suggestions>((resolve) => resolvers.push(() => resolve(answer(text))));
    });
    const { clock, shown, suggester } = setup(ask);
    suggester.type('ba');
    clock.fire();
    suggester.type('bas');
    expect(signals[0]!.aborted).toBe(true);
    clock.fire();
    resolvers[1]!(answer('bas'));
    resolvers[0]!(answer('ba'));
    await vi.waitFor(() => expect(shown).toEqual([['bas', ['bas Rice', 'Dals & Pulses', 'A&B "Co"']]]));
  });

  it('shows nothing for empty text, without a call, and answers a text typed again from memory', async () => {
    const { ask, clock, shown, suggester } = setup();
    suggester.type('dal');
    clock.fire();
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    suggester.type('  ');
    expect(shown[1]).toEqual([null, []]);
    suggester.type('dal ');
    expect(shown[2]![0]).toBe('dal');
    expect(clock.count).toBe(0);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when the call fails, and nothing after cancel', async () => {
    const { clock, shown, suggester } = setup(vi.fn(async () => Promise.reject(new Error('offline'))));
    suggester.type('ghee');
    clock.fire();
    await vi.waitFor(() => expect(shown).toEqual([['ghee', []]]));
    suggester.type('milk');
    suggester.cancel();
    expect(clock.count).toBe(0);
  });
});
