/**
 * The search box's logic as plain functions (no DOM, no React): what text is worth asking about, the answer as
 * one list of options with their links, moving through them, and the suggester that waits for a pause in
 * typing, asks once, cancels what a newer keystroke made stale and remembers recent answers.
 */
import { SUGGEST_MAX_LENGTH } from '../../contract/suggest-limits';
import type { SuggestPart, Suggestions } from '../../contract/suggest';

/** The pause in typing before asking (ms). */
export const SUGGEST_DELAY_MS = 180;
/** Answers kept for texts typed again (backspace): at most this many. */
const REMEMBERED = 20;

export type OptionKind = 'product' | 'category' | 'brand';
export interface SuggestOption {
  kind: OptionKind;
  name: string;
  parts: SuggestPart[];
  href: string;
}

/** The text to ask about: trimmed, spaces collapsed; null when empty or longer than the API takes. */
export function suggestText(raw: string): string | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  return text && text.length <= SUGGEST_MAX_LENGTH ? text : null;
}

/** Where an option goes: the product's page, or the listing filtered by the category or brand (encoded slugs). */
export function optionHref(kind: OptionKind, slug: string): string {
  const encoded = encodeURIComponent(slug);
  return kind === 'product' ? `/products/${encoded}` : `/products?${kind === 'category' ? 'c' : 'b'}=${encoded}`;
}

/** The answer as options in the order shown: products, then categories, then brands. */
export function suggestOptions(answer: Pick<Suggestions, 'products' | 'categories' | 'brands'>): SuggestOption[] {
  const of = (kind: OptionKind, list: Suggestions['products']) => list.map(({ name, parts, slug }) => ({ kind, name, parts, href: optionHref(kind, slug) }));
  return [...of('product', answer.products), ...of('category', answer.categories), ...of('brand', answer.brands)];
}

/**
 * The option highlighted after an arrow key: down from none is the first, up from none the last, and both wrap.
 * -1 means none (the text itself).
 */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}

/** The list's state: whether it is shown, and the highlighted option (-1: none, the text itself). */
export interface ListState {
  open: boolean;
  active: number;
}

/**
 * What a key does in the combobox (the WAI-ARIA pattern): ArrowDown and ArrowUp open the list on the first or last
 * option, or move through it; Enter chooses the highlighted option (`choose`, the list closes); Escape closes the
 * list. Null when the key is not the list's: the field does as it always does (Enter submits the form, Escape
 * clears the text).
 */
export function listKey(state: ListState, count: number, key: string): { state: ListState; choose: number | null } | null {
  const open = state.open && count > 0;
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    if (count === 0) return null;
    return { state: { open: true, active: open ? moveActive(state.active, count, key) : key === 'ArrowDown' ? 0 : count - 1 }, choose: null };
  }
  if (key === 'Enter' && open && state.active >= 0 && state.active < count) return { state: { open: false, active: -1 }, choose: state.active };
  if (key === 'Escape' && open) return { state: { open: false, active: -1 }, choose: null };
  return null;
}

/** Whether a parsed body is a suggestions answer (the islands ship no zod: the API's own tests hold the shape). */
export function isSuggestions(body: unknown): body is Suggestions {
  const b = body as Suggestions | null;
  return !!b && typeof b === 'object' && Array.isArray(b.products) && Array.isArray(b.categories) && Array.isArray(b.brands);
}

export interface SuggesterParts {
  /** Asks the API about one text; rejects when aborted. */
  ask: (text: string, signal: AbortSignal) => Promise<Suggestions>;
  /** The options for the text typed last, or [] when there is nothing to show. */
  show: (text: string | null, options: SuggestOption[]) => void;
  delay?: number;
  timers?: { set: (run: () => void, ms: number) => unknown; clear: (timer: unknown) => void };
}

/**
 * Debounces typing into at most one call per pause, aborts the call in flight when the text changes, and only
 * ever shows the answer for the text typed last. A failed call shows nothing (the form still submits).
 */
export function createSuggester({ ask, show, delay = SUGGEST_DELAY_MS, timers = { set: (run, ms) => setTimeout(run, ms), clear: (t) => clearTimeout(t as number) } }: SuggesterParts) {
  const remembered = new Map<string, SuggestOption[]>();
  let timer: unknown = null;
  let inFlight: AbortController | null = null;
  let latest: string | null = null;

  const stop = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    inFlight?.abort();
    inFlight = null;
  };

  const fetchNow = async (text: string) => {
    const controller = new AbortController();
    inFlight = controller;
    try {
      const options = suggestOptions(await ask(text, controller.signal));
      remembered.delete(text);
      remembered.set(text, options);
      if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!);
      if (latest === text && !controller.signal.aborted) show(text, options);
    } catch {
      if (latest === text && !controller.signal.aborted) show(text, []);
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  };

  return {
    /** The field's text changed. */
    type(raw: string) {
      const text = suggestText(raw);
      if (text === latest) return;
      latest = text;
      stop();
      if (text === null) return show(null, []);
      const known = remembered.get(text);
      if (known) return show(text, known);
      timer = timers.set(() => {
        timer = null;
        void fetchNow(text);
      }, delay);
    },
    /** Forgets the pending call (the box closed or the page goes). */
    cancel() {
      latest = null;
      stop();
    },
  };
}
