import { describe, expect, it } from 'vitest';
import { WEDGE, attachWedge, createWedge, type WedgeKey, type WedgeScan } from './wedge';

/** The key events of `text` then Enter, `gap` ms apart from `start`, as a scanner or a person types them. */
function typed(text: string, gap: number, start = 1000, inTextField = false): WedgeKey[] {
  const keys = [...text, 'Enter'];
  return keys.map((key, i) => ({ key, at: start + i * gap, inTextField }));
}

/** Every scan the detector yields for `keys`, fed in order. */
function scansOf(keys: WedgeKey[]): WedgeScan[] {
  const wedge = createWedge();
  return keys.map((k) => wedge.feed(k)).filter((scan): scan is WedgeScan => scan !== null);
}

describe('the keyboard-wedge detector', () => {
  it('yields the code of a fast burst ended by Enter', () => {
    expect(scansOf(typed('8901030865237', 8))).toEqual([{ code: '8901030865237', typedIntoField: false }]);
  });

  it('takes the thresholds at their bounds: 35 ms gaps and 6 characters are a scan', () => {
    expect(WEDGE).toEqual({ maxGapMs: 35, minLength: 6, maxLength: 64 });
    expect(scansOf(typed('123456', 35))).toEqual([{ code: '123456', typedIntoField: false }]);
    expect(scansOf(typed('123456', 36))).toEqual([]);
    expect(scansOf(typed('12345', 10))).toEqual([]);
  });

  it('leaves a person typing into the search box alone, Enter included', () => {
    expect(scansOf(typed('atta 5kg', 120, 1000, true))).toEqual([]);
    // A fast roll of three keys inside slow typing is not six fast ones.
    const roll = [...typed('ghee', 150, 0, true).slice(0, 4), ...typed('dal', 20, 700, true)];
    expect(scansOf(roll)).toEqual([]);
  });

  it('says when the burst went into a text field, so the screen can take it back out', () => {
    expect(scansOf(typed('8901030865237', 5, 1000, true))).toEqual([{ code: '8901030865237', typedIntoField: true }]);
  });

  it('starts the burst afresh after a slow gap: what a person typed first is not part of the code', () => {
    const keys = [{ key: 'x', at: 0, inTextField: true }, { key: 'y', at: 200, inTextField: true }, ...typed('40012345', 10, 500)];
    expect(scansOf(keys)).toEqual([{ code: '40012345', typedIntoField: false }]);
  });

  it('needs the Enter within the gap too: a burst then a late Enter is a person pressing Enter', () => {
    const keys = typed('40012345', 10);
    keys[keys.length - 1] = { key: 'Enter', at: keys[keys.length - 2]!.at + 300, inTextField: false };
    expect(scansOf(keys)).toEqual([]);
  });

  it('ignores Shift (a scanner holds it for capitals) but any other key or a chord breaks the burst', () => {
    const withShift: WedgeKey[] = [];
    [...'ABC123'].forEach((key, i) => withShift.push({ key: 'Shift', at: i * 10, inTextField: false }, { key, at: i * 10 + 2, inTextField: false }));
    withShift.push({ key: 'Enter', at: 62, inTextField: false });
    expect(scansOf(withShift)).toEqual([{ code: 'ABC123', typedIntoField: false }]);

    const broken = typed('123456', 5);
    broken.splice(3, 0, { key: 'Backspace', at: 12, inTextField: false });
    expect(scansOf(broken)).toEqual([]);
    const chord = typed('123456', 5);
    chord[2] = { ...chord[2]!, modified: true };
    expect(scansOf(chord)).toEqual([]);
  });

  it('refuses a held key (auto-repeat is fast too) and a burst longer than any barcode', () => {
    const held = typed('aaaaaaa', 30).map((k, i) => ({ ...k, repeat: i > 0 && k.key === 'a' }));
    expect(scansOf(held)).toEqual([]);
    expect(scansOf(typed('1'.repeat(WEDGE.maxLength + 1), 2))).toEqual([]);
    expect(scansOf(typed('1'.repeat(WEDGE.maxLength), 2))).toHaveLength(1);
  });

  it('yields each of two scans in a row, and nothing for a lone Enter after one', () => {
    const keys = [...typed('11111111', 5, 0), ...typed('22222222', 5, 1000), { key: 'Enter', at: 1050, inTextField: false }];
    expect(scansOf(keys).map((s) => s.code)).toEqual(['11111111', '22222222']);
  });
});

/** A stand-in for `window`: keeps the listener, dispatches plain key events and tells whether each was stopped. */
function fakeWindow() {
  let listener: ((event: Event) => void) | null = null;
  let capture: unknown;
  return {
    addEventListener(type: string, fn: (event: Event) => void, options?: unknown) {
      if (type === 'keydown') [listener, capture] = [fn, options];
    },
    removeEventListener(type: string, fn: (event: Event) => void) {
      if (type === 'keydown' && listener === fn) listener = null;
    },
    get listening() {
      return listener !== null;
    },
    get capture() {
      return capture;
    },
    /** Sends a keydown; answers whether the listener prevented its default. */
    key(key: string, at: number, target: object = {}) {
      let prevented = false;
      const event = { key, timeStamp: at, target, repeat: false, ctrlKey: false, altKey: false, metaKey: false, preventDefault: () => (prevented = true) };
      listener?.(event as unknown as Event);
      return prevented;
    },
  };
}

describe('attachWedge', () => {
  it('hands a scan to the screen and stops its Enter (it would submit the search form)', () => {
    const target = fakeWindow();
    const scans: WedgeScan[] = [];
    const detach = attachWedge(target, (scan) => scans.push(scan));
    expect(target.capture).toBe(true); // before the focused field's own handlers
    const input = { tagName: 'INPUT', type: 'search' };
    const stopped = [...'89010308', 'Enter'].map((key, i) => target.key(key, 100 + i * 4, input));
    expect(scans).toEqual([{ code: '89010308', typedIntoField: true }]);
    expect(stopped).toEqual([false, false, false, false, false, false, false, false, true]);
    detach();
    expect(target.listening).toBe(false);
  });

  it('lets a person\'s Enter through, and knows a button is not a text field', () => {
    const target = fakeWindow();
    const scans: WedgeScan[] = [];
    attachWedge(target, (scan) => scans.push(scan));
    const button = { tagName: 'BUTTON' };
    [...'123456'].forEach((key, i) => target.key(key, i * 3, button));
    expect(target.key('Enter', 18, button)).toBe(true);
    expect(scans).toEqual([{ code: '123456', typedIntoField: false }]);
    [...'123456'].forEach((key, i) => target.key(key, 1000 + i * 100, { tagName: 'TEXTAREA' }));
    expect(target.key('Enter', 1600, { tagName: 'TEXTAREA' })).toBe(false);
    expect(scans).toHaveLength(1);
  });
});
