import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Suggestions } from '../../contract/suggest';
import { createSuggester, isSuggestions, listKey, type SuggestOption } from './suggest';
import type { Locale } from '../../lib/i18n/locales';
import { search } from '../../lib/i18n/messages/en/search';
import { sharedWords } from '../../lib/i18n/page-words';
import { english, speak, type Words } from '../../lib/i18n/words';

interface Props {
  /** Tells the desktop, phone and merchant-navbar copies apart (ids). */
  id: string;
  /** The listing's search text, shown in the field. */
  query: string;
  /** The bar's width in percent (the website's search setting). */
  width: number;
  /** The search icon (server-rendered). */
  children?: ReactNode;
  /** The page's language when not English: the listing and the suggestions open in it (/hi/products…). */
  locale?: Locale;
  /** The box's words in the page's language (lib/i18n/island-words.ts); English when absent. */
  words?: Words<typeof search>;
}

const GROUPS = [
  ['product', 'search.products'],
  ['category', 'search.categories'],
  ['brand', 'search.brands'],
] as const;

async function ask(text: string, signal: AbortSignal): Promise<Suggestions> {
  const answer = await fetch(`/s/api/search/suggest?q=${encodeURIComponent(text)}`, { signal, headers: { Accept: 'application/json' } });
  const body: unknown = answer.ok ? await answer.json() : null;
  if (!isSuggestions(body)) throw new Error('no suggestions');
  return body;
}

/** Follows a link as a click would, so the client router takes it (and without it, the browser). */
function go(form: HTMLFormElement | null, href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  (form ?? document.body).append(link);
  link.click();
  link.remove();
}

/**
 * The header's search: a GET form to /products?q= that works without JavaScript, and once hydrated (on the first
 * interaction) an ARIA 1.2 combobox whose listbox suggests products, categories and brands as the shopper types
 * (arrow keys, Enter, Escape, touch). Enter on the text itself submits the form as before.
 */
export default function SearchBox({ id, query, width, children, locale, words }: Props) {
  const say = speak(words ?? sharedWords<typeof search>('search') ?? english(search));
  const prefix = locale ? `/${locale}` : '';
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [shown, setShown] = useState<{ text: string | null; options: SuggestOption[] }>({ text: null, options: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggester = useRef<ReturnType<typeof createSuggester>>(null);
  const listId = `search-${id}-suggestions`;
  const { options } = shown;
  const expanded = open && options.length > 0;

  useEffect(() => {
    const s = createSuggester({
      ask,
      show: (text, found) => {
        setShown({ text, options: found });
        setActive(-1);
        setOpen(found.length > 0 && document.activeElement === input.current);
      },
    });
    suggester.current = s;
    // What was typed before hydration (the first keystroke woke the island) is asked about now.
    if (input.current && document.activeElement === input.current && input.current.value !== query) s.type(input.current.value);
    return () => s.cancel();
  }, []);

  const choose = (option: SuggestOption) => {
    setOpen(false);
    go(form.current, prefix + option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = event.nativeEvent.isComposing ? null : listKey({ open: expanded, active }, options.length, event.key);
    if (!next) return;
    event.preventDefault();
    setOpen(next.state.open);
    setActive(next.state.active);
    if (next.choose !== null) choose(options[next.choose]!);
  };

  const optionId = (i: number) => `${listId}-${i}`;
  // The highlighted option stays in view when the list scrolls (a phone's short screen).
  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [expanded, active]);
  let index = 0;
  return (
    <form ref={form} action={`${prefix}/products`} method="get" role="search" className="relative w-full" style={{ maxWidth: `${width}%` }} data-search-form>
      <label htmlFor={`search-${id}`} className="sr-only">{say('search.label')}</label>
      <input
        ref={input}
        id={`search-${id}`}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        defaultValue={query}
        maxLength={200}
        placeholder={say('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onInput={(event) => suggester.current?.type(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        className="h-11 w-full rounded-full border border-border bg-muted pl-4 pr-11 text-sm focus:border-primary focus:bg-background"
      />
      <button type="submit" className="absolute right-1 top-1.5 grid h-8 w-8 place-items-center rounded-full text-muted-foreground before:absolute before:-inset-1.5 hover:text-primary" aria-label={say('search.submit')}>
        {children}
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={say('search.suggestions')}
        hidden={!expanded}
        // A press on an option keeps the focus in the field (so it does not close first); the click chooses.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute left-0 right-0 top-12 z-50 max-h-[70vh] overflow-y-auto rounded-xl border border-border bg-background py-1 text-sm text-foreground shadow-lg"
      >
        {GROUPS.map(([kind, label]) => {
          const group = options.filter((o) => o.kind === kind);
          if (!group.length) return null;
          return (
            <div key={kind} role="group" aria-labelledby={`${listId}-${kind}`}>
              <div id={`${listId}-${kind}`} className="px-4 pb-1 pt-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">{say(label)}</div>
              {group.map((option) => {
                const i = index++;
                return (
                  <div
                    key={option.href}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    onClick={() => choose(option)}
                    className={`flex min-h-11 cursor-pointer items-center px-4 ${i === active ? 'bg-muted' : ''}`}
                    data-suggestion={option.kind}
                  >
                    <span className="truncate">
                      {option.parts.map((part, p) => (part.match ? <mark key={p} className="bg-transparent font-semibold text-foreground">{part.text}</mark> : <span key={p}>{part.text}</span>))}
                    </span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <p role="status" className="sr-only">{expanded ? say('search.count', { count: options.length }) : ''}</p>
    </form>
  );
}
