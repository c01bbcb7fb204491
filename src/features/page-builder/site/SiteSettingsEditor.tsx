import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { safeUrl } from '../../../contract/safe-url';
import { FOOTER_MAX_DEPTH, NAV_MAX_DEPTH, THEME_KEYS, type SiteSettings, type ThemeKey } from '../../../contract/site-settings';
import { pageBuilderApi } from '../../../lib/api/page-builder';
import { useConfirm } from '../../../ui/Confirm';
import { useHydrated } from '../../../ui/use-hydrated';
import type { MediaItem } from '../../../contract/page-builder';
import { pickedImage } from '../media/choose';
import { ChooseImage } from '../media/ChooseImage';
import { contrastWarnings } from './contrast';
import { add, flatten, indent, move, moves, newId, outdent, relink, remove, rename, type TreeItem } from './nav-tree';
import { $site, discard, edit, loadVersions, publish, restore, saveNow, seededState, seedSite, unsaved, type EditorDoc, type SiteState } from './store';
import { formatDateTime, formatTime } from '../../../lib/format';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS}`;
const PRIMARY = `${BUTTON} bg-primary text-primary-foreground hover:opacity-90`;
const SECONDARY = `${BUTTON} border border-border bg-background hover:bg-muted`;
const ICON_BUTTON = `inline-flex h-11 w-11 items-center justify-center rounded-md border border-border bg-background text-base hover:bg-muted disabled:cursor-not-allowed disabled:opacity-40 ${FOCUS}`;
const INPUT = 'h-11 w-full rounded-md border border-border bg-background px-3 text-sm focus:border-primary disabled:bg-muted aria-[invalid=true]:border-red-700';

const SECTIONS = [
  ['navigation', 'Navigation'],
  ['footer', 'Footer'],
  ['popup', 'Popup'],
  ['theme', 'Theme'],
  ['seo', 'SEO'],
  ['images', 'Logo & favicon'],
] as const;

const THEME_LABELS: Record<ThemeKey, string> = {
  primary: 'Primary',
  'primary-foreground': 'Text on primary',
  secondary: 'Secondary',
  'secondary-foreground': 'Text on secondary',
  accent: 'Accent',
  background: 'Background',
  foreground: 'Text',
  muted: 'Muted',
  'muted-foreground': 'Muted text',
  border: 'Border',
};


/**
 * /page-builder/site: the website's navigation, footer, popup, theme, SEO defaults, logo and favicon, edited as a
 * draft beside a live preview (the shop's own home page with the draft in place), saved as you type, published,
 * discarded or restored from a version. Without website_setting:edit everything shows, read-only.
 */
export default function SiteSettingsEditor({ settings, canEdit }: { settings: SiteSettings; canEdit: boolean }) {
  const hydrated = useHydrated();
  const live = useStore($site);
  useEffect(() => {
    seedSite(settings, canEdit, pageBuilderApi());
    const leaving = (event: BeforeUnloadEvent) => {
      const state = $site.get();
      if (state && unsaved(state)) {
        event.preventDefault();
        void saveNow();
      }
    };
    addEventListener('beforeunload', leaving);
    return () => removeEventListener('beforeunload', leaving);
  }, []);
  const state: SiteState = hydrated && live ? live : seededState(settings, canEdit);
  const editable = hydrated && state.canEdit && state.save !== 'conflict' && state.busy === null;
  const [dialog, ask] = useConfirm();
  const [width, setWidth] = useState<360 | 1280>(1280);
  const [showVersions, setShowVersions] = useState(false);
  const problems = Object.keys(state.errors).length;

  const onPublish = async () => {
    if (await ask({ title: 'Publish the website settings?', message: 'Shoppers see the new navigation, footer, popup, theme, SEO and logo at once, on every page.', confirmText: 'Publish' })) await publish();
  };
  const onDiscard = async () => {
    if (await ask({ title: 'Discard the draft?', message: 'Every change since the last publish is lost; the draft becomes what shoppers see now.', confirmText: 'Discard draft' })) await discard();
  };
  const onRestore = async (version: number) => {
    if (await ask({ title: `Restore version ${version}?`, message: `Version ${version} becomes the draft, in place of your changes. Shoppers see it only when you publish.`, confirmText: 'Restore as draft' })) {
      if (await restore(version)) setShowVersions(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-site-settings>
      {dialog}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Website</h1>
        <SaveStatus state={state} />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <button type="button" className={SECONDARY} onClick={() => { setShowVersions((open) => !open); if (!showVersions) void loadVersions(); }} aria-expanded={showVersions} aria-controls="site-versions" disabled={!hydrated}>
            Versions
          </button>
          {state.canEdit && (
            <>
              <button type="button" className={SECONDARY} onClick={onDiscard} disabled={!editable || !state.changed}>
                {state.busy === 'discarding' ? 'Discarding…' : 'Discard draft'}
              </button>
              <button type="button" className={PRIMARY} onClick={onPublish} disabled={!editable || problems > 0 || !state.changed} aria-describedby="publish-note">
                {state.busy === 'publishing' ? 'Publishing…' : 'Publish'}
              </button>
            </>
          )}
        </div>
      </div>
      <p id="publish-note" className="text-sm text-muted-foreground">
        {!state.canEdit
          ? 'View only: you can look at the settings and the preview, but not change them.'
          : problems > 0
            ? `Fix ${problems === 1 ? 'the problem' : `the ${problems} problems`} marked below before publishing; the draft is kept meanwhile.`
            : state.changed
              ? 'The draft has changes shoppers do not see yet. Publish shows them on every page at once.'
              : 'The draft is what shoppers see now.'}
      </p>
      <div role="status" className="min-h-0 text-sm" data-site-notice>
        {state.notice && <p className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-900">{state.notice}</p>}
      </div>
      {state.problem && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900" data-site-problem>
          <span>{state.problem}</span>
          {state.save === 'conflict' && <button type="button" className={SECONDARY} onClick={() => location.reload()}>Reload</button>}
        </div>
      )}
      {showVersions && <Versions state={state} onRestore={onRestore} canEdit={state.canEdit && editable} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,30rem)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <nav aria-label="Sections" className="flex flex-wrap gap-1 text-sm">
            {SECTIONS.map(([id, label]) => (
              <a key={id} href={`#site-${id}`} className={`rounded-md px-3 py-2 hover:bg-muted ${FOCUS}`}>{label}</a>
            ))}
          </nav>
          <fieldset disabled={!editable} className="flex min-w-0 flex-col gap-6">
            <legend className="sr-only">Website settings</legend>
            <Section id="navigation" title="Navigation" note={`The header's links. Up to ${NAV_MAX_DEPTH} levels: the bar, its menus and their sub-menus. A link to /categories holds the category menu.`}>
              <LinkTree list="navigation" items={state.doc.navigation} errors={state.errors} maxDepth={NAV_MAX_DEPTH} addLabel="Add a link" />
            </Section>
            <Section id="footer" title="Footer" note="Groups of links: a group's name is a heading, its links sit under it.">
              <LinkTree list="footer" items={state.doc.footer} errors={state.errors} maxDepth={FOOTER_MAX_DEPTH} addLabel="Add a group" />
            </Section>
            <Section id="popup" title="Popup" note="The offer shown over the home page and the product list a few seconds after they open.">
              <PopupFields doc={state.doc} errors={state.errors} canEdit={state.canEdit} />
            </Section>
            <Section id="theme" title="Theme" note="The shop's colours and font.">
              <ThemeFields doc={state.doc} errors={state.errors} />
            </Section>
            <Section id="seo" title="SEO" note="What search engines and shared links show for pages that say nothing of their own.">
              <TextField label="Title" path="seo.og_title" errors={state.errors} value={state.doc.seo.og_title} onChange={(og_title) => edit((d) => ({ ...d, seo: { ...d.seo, og_title } }))} />
              <TextField label="Description" path="seo.og_description" errors={state.errors} multiline value={state.doc.seo.og_description} onChange={(og_description) => edit((d) => ({ ...d, seo: { ...d.seo, og_description } }))} />
              <TextField label="Keywords" path="seo.meta_keywords" errors={state.errors} value={state.doc.seo.meta_keywords} hint="Separated by commas" onChange={(meta_keywords) => edit((d) => ({ ...d, seo: { ...d.seo, meta_keywords } }))} />
              <ImageField label="Share image" path="seo.og_image" canEdit={state.canEdit} errors={state.errors} value={state.doc.seo.og_image} onChange={(og_image) => edit((d) => ({ ...d, seo: { ...d.seo, og_image } }))} />
            </Section>
            <Section id="images" title="Logo & favicon" note="A path of this site (/images/logo.svg) or an https address.">
              <ImageField label="Logo" path="logo" canEdit={state.canEdit} errors={state.errors} value={state.doc.logo} onChange={(logo) => edit((d) => ({ ...d, logo }))} />
              <ImageField label="Favicon" path="favicon" canEdit={state.canEdit} errors={state.errors} value={state.doc.favicon} onChange={(favicon) => edit((d) => ({ ...d, favicon }))} />
            </Section>
          </fieldset>
        </div>
        <Preview url={state.previewUrl} version={state.previewKey} width={width} setWidth={setWidth} />
      </div>
    </div>
  );
}

function SaveStatus({ state }: { state: SiteState }) {
  if (!state.canEdit) return <span className="rounded bg-muted px-2 py-1 text-sm">View only</span>;
  const text = {
    saved: state.savedAt ? `Draft saved at ${formatTime(state.savedAt)}` : 'Draft saved',
    pending: 'Unsaved changes…',
    saving: 'Saving…',
    failed: 'Not saved: will try again with your next change',
    conflict: 'Not saved: someone else changed the settings',
  }[state.save];
  return (
    <span className="text-sm text-muted-foreground" data-save-state={state.save}>
      {text}
    </span>
  );
}

function Section({ id, title, note, children }: { id: string; title: string; note: string; children: ReactNode }) {
  return (
    <section id={`site-${id}`} aria-labelledby={`site-${id}-title`} className="scroll-mt-4 rounded-lg border border-border p-4">
      <h2 id={`site-${id}-title`} className="text-lg font-semibold">{title}</h2>
      <p className="mb-3 text-sm text-muted-foreground">{note}</p>
      <div className="flex flex-col gap-3">{children}</div>
    </section>
  );
}

function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="text-sm text-red-700" data-field-error>
      {messages.join(' ')}
    </p>
  );
}

function TextField(props: { label: string; path: string; errors: Record<string, string[]>; value: string; onChange: (value: string) => void; multiline?: boolean; hint?: string; placeholder?: string }) {
  const id = useId();
  const messages = props.errors[props.path];
  const describedBy = [props.hint && `${id}-hint`, messages && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = { id, value: props.value, 'aria-invalid': messages ? true : undefined, 'aria-describedby': describedBy, 'data-path': props.path, placeholder: props.placeholder };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{props.label}</label>
      {props.multiline ? (
        <textarea {...common} rows={3} className={INPUT.replace('h-11', 'min-h-20 py-2')} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" className={INPUT} onChange={(e) => props.onChange(e.target.value)} />
      )}
      {props.hint && <p id={`${id}-hint`} className="text-xs text-muted-foreground">{props.hint}</p>}
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

/**
 * An image by path or address, with a small look at it when the address is safe, and (for people who may edit)
 * "Choose from library", which puts the chosen image's address in the field (`onPick` when the caller does more).
 */
function ImageField({ canEdit, onPick, ...props }: { label: string; path: string; errors: Record<string, string[]>; value: string; onChange: (value: string) => void; canEdit: boolean; onPick?: (item: MediaItem) => void }) {
  const shown = props.value.trim() ? safeUrl(props.value, 'web') : null;
  return (
    <div className="flex items-end gap-3">
      <div className="min-w-0 flex-1">
        <TextField {...props} placeholder="/images/… or https://…" />
      </div>
      <div className="mb-0.5 grid h-11 w-11 shrink-0 place-items-center overflow-hidden rounded border border-border bg-muted">
        {shown && <img src={shown} alt="" className="max-h-full max-w-full object-contain" />}
      </div>
      {canEdit && <ChooseImage label={props.label} className={`${SECONDARY} shrink-0`} onPick={(item) => (onPick ? onPick(item) : props.onChange(pickedImage(item).url))} />}
    </div>
  );
}

type ListName = 'navigation' | 'footer';

/** Alt+arrows in a row: move it up or down, in under the one above, or out a level. */
const KEY_MOVES: Record<string, (tree: TreeItem[], id: string, maxDepth: number) => TreeItem[]> = {
  ArrowUp: (tree, id) => move(tree, id, -1),
  ArrowDown: (tree, id) => move(tree, id, 1),
  ArrowRight: (tree, id, maxDepth) => indent(tree, id, maxDepth),
  ArrowLeft: (tree, id) => outdent(tree, id),
};

/** A nested list of links: each row's name and link, and buttons (or Alt+arrows) to move, indent and remove it. */
function LinkTree({ list, items, errors, maxDepth, addLabel }: { list: ListName; items: TreeItem[]; errors: Record<string, string[]>; maxDepth: number; addLabel: string }) {
  const box = useRef<HTMLOListElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ id: string; control: string } | null>(null);
  useEffect(() => {
    if (!focusAfter) return;
    const row = box.current?.querySelector<HTMLElement>(`[data-item="${focusAfter.id}"]`);
    const target = row?.querySelector<HTMLElement>(`[data-control="${focusAfter.control}"]:not(:disabled)`) ?? row?.querySelector<HTMLElement>('[data-control="name"]');
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter, items]);
  const change = (next: (tree: TreeItem[]) => TreeItem[]) => edit((doc: EditorDoc) => {
    const tree = next(doc[list]);
    return tree === doc[list] ? doc : { ...doc, [list]: tree };
  });
  const act = (id: string, control: string, next: (tree: TreeItem[]) => TreeItem[]) => {
    change(next);
    setFocusAfter({ id, control });
  };
  const keys = (id: string) => (event: KeyboardEvent) => {
    const step = event.altKey ? KEY_MOVES[event.key] : undefined;
    if (!step) return;
    event.preventDefault();
    act(id, (event.target as HTMLElement).dataset.control ?? 'name', (tree) => step(tree, id, maxDepth));
  };
  const blank = (): TreeItem => ({ id: newId(), name: '', link: '', icon: null, children: [] });
  const rows = flatten(items);
  const noun = list === 'navigation' ? 'link' : 'item';

  return (
    <div className="flex flex-col gap-2">
      {rows.length === 0 && <p className="text-sm text-muted-foreground">Nothing here yet.</p>}
      <ol ref={box} className="flex flex-col gap-2" aria-label={list === 'navigation' ? 'Navigation links' : 'Footer groups and links'}>
        {rows.map(({ item, depth, path }) => {
          const at = [list, ...path.flatMap((p, i) => (i === 0 ? [p] : ['children', p]))].join('.');
          const can = moves(items, item.id, maxDepth);
          const label = item.name.trim() || `the ${noun} without a name`;
          const itemErrors = errors[at];
          const nameErrors = errors[`${at}.name`];
          const linkErrors = errors[`${at}.link`];
          const group = list === 'footer' && depth === 1;
          return (
            <li key={item.id} data-item={item.id} data-depth={depth} className="rounded-md border border-border bg-background p-2" style={{ marginInlineStart: `${(depth - 1) * 1.5}rem` }} onKeyDown={keys(item.id)}>
              <div className="grid grid-cols-2 gap-2">
                <label className="flex flex-col gap-1 text-xs font-medium">
                  {group ? 'Group name' : 'Name'}
                  <input data-control="name" data-path={`${at}.name`} className={INPUT} value={item.name} aria-invalid={nameErrors ? true : undefined} aria-describedby={nameErrors ? `${item.id}-name-error` : undefined} aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight" onChange={(e) => change((tree) => rename(tree, item.id, e.target.value))} />
                </label>
                <label className="flex flex-col gap-1 text-xs font-medium">
                  {group ? 'Link (optional)' : 'Link'}
                  <input data-control="link" data-path={`${at}.link`} className={INPUT} value={item.link} placeholder="/offers" aria-invalid={linkErrors ? true : undefined} aria-describedby={linkErrors ? `${item.id}-link-error` : undefined} onChange={(e) => change((tree) => relink(tree, item.id, e.target.value))} />
                </label>
              </div>
              <FieldError id={`${item.id}-name-error`} messages={nameErrors} />
              <FieldError id={`${item.id}-link-error`} messages={linkErrors} />
              <FieldError id={`${item.id}-error`} messages={itemErrors} />
              <div className="mt-2 flex flex-wrap gap-1" role="group" aria-label={`Move or remove ${label}`}>
                <button type="button" data-control="up" className={ICON_BUTTON} disabled={!can.up} aria-label={`Move ${label} up`} title="Move up (Alt+↑)" onClick={() => act(item.id, 'up', (tree) => move(tree, item.id, -1))}>↑</button>
                <button type="button" data-control="down" className={ICON_BUTTON} disabled={!can.down} aria-label={`Move ${label} down`} title="Move down (Alt+↓)" onClick={() => act(item.id, 'down', (tree) => move(tree, item.id, 1))}>↓</button>
                <button type="button" data-control="outdent" className={ICON_BUTTON} disabled={!can.outdent} aria-label={`Move ${label} out a level`} title="Out a level (Alt+←)" onClick={() => act(item.id, 'outdent', (tree) => outdent(tree, item.id))}>←</button>
                <button type="button" data-control="indent" className={ICON_BUTTON} disabled={!can.indent} aria-label={`Move ${label} in, under the one above`} title="In a level (Alt+→)" onClick={() => act(item.id, 'indent', (tree) => indent(tree, item.id, maxDepth))}>→</button>
                {can.addChild && (
                  <button type="button" className={`${SECONDARY} min-h-11 px-3`} aria-label={`Add a ${noun} under ${label}`} onClick={() => { const child = blank(); act(child.id, 'name', (tree) => add(tree, child, item.id, maxDepth)); }}>
                    + Under it
                  </button>
                )}
                <button type="button" className={`${SECONDARY} ml-auto min-h-11 px-3 text-red-800`} aria-label={`Remove ${label}${item.children.length ? ` and the ${item.children.length} under it` : ''}`} onClick={() => change((tree) => remove(tree, item.id))}>
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div>
        <button type="button" className={SECONDARY} onClick={() => { const item = blank(); act(item.id, 'name', (tree) => add(tree, item)); }}>
          {addLabel}
        </button>
      </div>
      <p className="text-xs text-muted-foreground">In a row, Alt+↑ and Alt+↓ move it, Alt+→ puts it under the one above, Alt+← takes it out a level.</p>
    </div>
  );
}

function PopupFields({ doc, errors, canEdit }: { doc: EditorDoc; errors: Record<string, string[]>; canEdit: boolean }) {
  const popup = doc.popup;
  const set = (change: Partial<NonNullable<EditorDoc['popup']>>) => edit((d) => (d.popup ? { ...d, popup: { ...d.popup, ...change } } : d));
  return (
    <>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input type="checkbox" className={`h-5 w-5 ${FOCUS}`} checked={popup !== null} onChange={(e) => edit((d) => ({ ...d, popup: e.target.checked ? (d.popup ?? { image: '', alt: '', link: '', duration: 5, once: true }) : null }))} />
        Show a popup
      </label>
      {popup && (
        <>
          <ImageField
            label="Image"
            path="popup.image"
            errors={errors}
            value={popup.image}
            canEdit={canEdit}
            onChange={(image) => set({ image })}
            onPick={(item) => {
              const picked = pickedImage(item, popup.alt);
              set({ image: picked.url, ...(picked.alt !== undefined ? { alt: picked.alt } : {}) });
            }}
          />
          <TextField label="Alt text" path="popup.alt" errors={errors} value={popup.alt} hint="The words in the picture, as it says them" onChange={(alt) => set({ alt })} />
          <TextField label="Link (optional)" path="popup.link" errors={errors} value={popup.link} placeholder="/offers" onChange={(link) => set({ link })} />
          <div className="flex flex-wrap items-end gap-4">
            <NumberField label="Shown for (seconds)" path="popup.duration" errors={errors} value={popup.duration} onChange={(duration) => set({ duration })} />
            <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
              <input type="checkbox" className={`h-5 w-5 ${FOCUS}`} checked={popup.once} onChange={(e) => set({ once: e.target.checked })} />
              Once per shopper
            </label>
          </div>
        </>
      )}
    </>
  );
}

function NumberField({ label, path, errors, value, onChange }: { label: string; path: string; errors: Record<string, string[]>; value: number; onChange: (value: number) => void }) {
  const id = useId();
  const messages = errors[path];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <input id={id} type="number" min={1} max={600} inputMode="numeric" className={`${INPUT} w-28`} value={value} aria-invalid={messages ? true : undefined} aria-describedby={messages ? `${id}-error` : undefined} onChange={(e) => onChange(Math.max(0, Math.min(600, Math.round(Number(e.target.value) || 0))))} />
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

function ThemeFields({ doc, errors }: { doc: EditorDoc; errors: Record<string, string[]> }) {
  const warnings = contrastWarnings(doc.theme.colours);
  const setColour = (key: ThemeKey, value: string) => edit((d) => ({ ...d, theme: { ...d.theme, colours: { ...d.theme.colours, [key]: value } } }));
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        {THEME_KEYS.map((key) => {
          const value = doc.theme.colours[key] ?? '';
          const hex = /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim() : '#000000';
          return (
            <div key={key} className="flex items-end gap-2">
              <input type="color" aria-label={`Pick ${THEME_LABELS[key]}`} className={`mb-0.5 h-11 w-11 shrink-0 cursor-pointer rounded border border-border bg-background p-1 ${FOCUS}`} value={hex} onChange={(e) => setColour(key, e.target.value)} />
              <div className="min-w-0 flex-1">
                <TextField label={THEME_LABELS[key]} path={`theme.colours.${key}`} errors={errors} value={value} onChange={(v) => setColour(key, v)} />
              </div>
            </div>
          );
        })}
      </div>
      <TextField label="Font family" path="theme.font_family" errors={errors} value={doc.theme.font_family} hint="The first font named is used, like Inter or Poppins" onChange={(font_family) => edit((d) => ({ ...d, theme: { ...d.theme, font_family } }))} />
      {warnings.length > 0 && (
        <div className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950" data-contrast-warnings>
          <p className="font-medium">Hard to read (a warning: you can still publish)</p>
          <ul className="mt-1 list-disc pl-5">
            {warnings.map((w) => (
              <li key={`${w.text}/${w.background}`}>
                {THEME_LABELS[w.text]} on {THEME_LABELS[w.background]}: {w.ratio.toFixed(2)}:1, under 4.5:1
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function Preview({ url, version, width, setWidth }: { url: string; version: number; width: 360 | 1280; setWidth: (w: 360 | 1280) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(640);
  useEffect(() => {
    if (!box.current) return;
    const watch = new ResizeObserver(([entry]) => setRoom(entry!.contentRect.width));
    watch.observe(box.current);
    return () => watch.disconnect();
  }, []);
  // The desktop width drawn to fit the room beside the editor; the phone's at its own size.
  const scale = Math.min(1, room / width);
  const HEIGHT = 704;
  return (
    <section aria-labelledby="site-preview-title" className="flex min-w-0 flex-col gap-2 lg:sticky lg:top-4 lg:self-start">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="site-preview-title" className="text-lg font-semibold">Preview of the draft</h2>
        <div role="group" aria-label="Preview width" className="ml-auto flex gap-1">
          {([360, 1280] as const).map((w) => (
            <button key={w} type="button" aria-pressed={width === w} className={`${SECONDARY} aria-pressed:bg-muted aria-pressed:font-semibold`} onClick={() => setWidth(w)}>
              {w === 360 ? 'Phone (360 px)' : 'Desktop (1280 px)'}
            </button>
          ))}
        </div>
      </div>
      <div ref={box} className="overflow-hidden rounded-lg border border-border bg-muted" style={{ height: `${HEIGHT}px` }}>
        <iframe
          key={`${version}-${width}`}
          src={`${url}?v=${version}`}
          title="Preview of the website's draft: the home page with the draft's header, footer, popup and theme"
          className="origin-top-left border-0 bg-background"
          style={{ width: `${width}px`, height: `${HEIGHT / scale}px`, transform: `scale(${scale})` }}
          data-site-preview
        />
      </div>
      <a href={url} target="_blank" rel="noopener" className={`text-sm underline ${FOCUS}`}>
        Open the preview in a new tab
      </a>
    </section>
  );
}

function Versions({ state, onRestore, canEdit }: { state: SiteState; onRestore: (version: number) => void; canEdit: boolean }) {
  return (
    <section id="site-versions" aria-labelledby="site-versions-title" className="rounded-lg border border-border p-4">
      <h2 id="site-versions-title" className="text-lg font-semibold">Published versions</h2>
      {state.versions === null ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : (
        <ol className="mt-2 divide-y divide-border">
          {state.versions.map((v) => (
            <li key={v.version} className="flex flex-wrap items-center gap-3 py-2 text-sm" data-version={v.version}>
              <span className="font-medium">Version {v.version}</span>
              <span className="text-muted-foreground">
                {formatDateTime(v.published_at)}
                {v.published_by ? ` by ${v.published_by.name}` : ''}: {v.summary}
              </span>
              {canEdit && (
                <button type="button" className={`${SECONDARY} ml-auto`} onClick={() => onRestore(v.version)} aria-label={`Restore version ${v.version} as the draft`}>
                  Restore as draft
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
