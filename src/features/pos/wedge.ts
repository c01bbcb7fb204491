/**
 * The USB barcode scanner at the till is a keyboard wedge: it "types" the code, a key every few milliseconds,
 * then Enter, into whatever has the focus. This tells such a burst from a person typing (docs/pos-client.md#scanner).
 * The detector is pure (the caller passes each key's time), so its rules are tested without a DOM or a clock;
 * `attachWedge` is the few lines that feed it from `window`.
 */

/**
 * A scanner sends a key every 2–20 ms; a fast typist's keys are 60 ms or more apart and never six in a row
 * under 35 ms. The shortest code the till sells by is EAN-8 (UPC-E and shop codes of 6 too); 64 is past any
 * retail barcode, so a longer burst is something else (a key held down, a paste-bot) and is dropped.
 */
export const WEDGE = { maxGapMs: 35, minLength: 6, maxLength: 64 } as const;

/** One keydown as the detector needs it. */
export interface WedgeKey {
  /** `KeyboardEvent.key`: one character, or a name such as 'Enter' or 'Shift'. */
  key: string;
  /** Milliseconds, any clock that only moves forward (`event.timeStamp`). */
  at: number;
  /** The focus is in a field that takes text, so the burst's characters landed in it too. */
  inTextField: boolean;
  /** The key is held down (auto-repeat is fast as well, and is never a scan). */
  repeat?: boolean;
  /** Ctrl, Alt or Meta is down: a shortcut, never part of a code. */
  modified?: boolean;
}

/** A recognised scan; `typedIntoField` says its characters also went into the focused text field. */
export interface WedgeScan {
  code: string;
  typedIntoField: boolean;
}

/** A detector: feed it every keydown in order; it answers the scan an Enter completes, else null. */
export function createWedge() {
  let code = '';
  let last = Number.NEGATIVE_INFINITY;
  let intoField = false;
  let tooLong = false;

  const restart = () => {
    code = '';
    intoField = false;
    tooLong = false;
  };

  return {
    feed(event: WedgeKey): WedgeScan | null {
      if (event.key === 'Shift') return null; // a scanner presses it for capitals, between the characters
      const quick = event.at - last <= WEDGE.maxGapMs;
      last = event.at;
      if (event.repeat || event.modified) {
        restart();
        return null;
      }
      if (event.key === 'Enter') {
        const scan = quick && !tooLong && code.length >= WEDGE.minLength ? { code, typedIntoField: intoField } : null;
        restart();
        return scan;
      }
      if ([...event.key].length !== 1) {
        restart(); // Backspace, arrows, Tab: a person at work
        return null;
      }
      if (!quick) restart();
      code += event.key;
      intoField ||= event.inTextField;
      if (code.length > WEDGE.maxLength) {
        tooLong = true;
        code = code.slice(-WEDGE.maxLength); // bounded, and the burst stays refused until it ends
      }
      return null;
    },
  };
}

/** Whether a keydown's target takes typed text (an input of a text kind, a textarea, an editable element). */
function isTextField(target: unknown): boolean {
  const element = target as { tagName?: string; type?: string; isContentEditable?: boolean } | null;
  if (!element) return false;
  if (element.isContentEditable) return true;
  if (element.tagName === 'TEXTAREA') return true;
  if (element.tagName !== 'INPUT') return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'image', 'range', 'color'].includes(element.type ?? 'text');
}

/** What `attachWedge` needs of `window`: a test passes a stand-in. */
type KeyTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Listens for scans anywhere on the screen (keydown on `target`, in the capture phase so it runs before the
 * focused field's handlers) and hands each to `onScan`. The Enter that ends a scan is stopped, since it would
 * submit the search form or press the focused button. Answers the function that detaches it.
 */
export function attachWedge(target: KeyTarget, onScan: (scan: WedgeScan) => void): () => void {
  const wedge = createWedge();
  const listener = (event: Event) => {
    const key = event as KeyboardEvent;
    const scan = wedge.feed({
      key: key.key,
      at: key.timeStamp,
      inTextField: isTextField(key.target),
      repeat: key.repeat,
      modified: key.ctrlKey || key.altKey || key.metaKey,
    });
    if (!scan) return;
    key.preventDefault();
    onScan(scan);
  };
  target.addEventListener('keydown', listener, true);
  return () => target.removeEventListener('keydown', listener, true);
}
