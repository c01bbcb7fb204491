import { useEffect, useState } from 'react';
import { pageBuilderApi } from '../../../lib/api/page-builder';
import { fieldId, useEditorContext } from './context';
import type { EditorDoc } from './document';
import { CheckField, FieldShell } from './Fields';
import { INPUT, Problems } from './parts';
import { setAt } from './form-model';

/** The page's own fields: title, SEO, the shop's header, sub-navbar and footer, and its CSS with what the shop will leave out of it. */
export function PageSettings({ doc }: { doc: EditorDoc }) {
  const { editor } = useEditorContext();
  const set = (key: string, value: unknown) => editor.edit((l) => ({ ...l, doc: setAt(l.doc, [key], value) }));
  const text = (key: 'title' | 'seo_title' | 'seo_description' | 'seo_keyword' | 'title_hi' | 'seo_title_hi' | 'seo_description_hi', label: string, max: number, hint?: string, multiline = false) => (
    <FieldShell path={[key]} label={label} required={key === 'title'} hint={hint}>
      {(a) => {
        const props = { id: a.id, 'aria-describedby': a.describedBy, 'aria-invalid': a.invalid || undefined, maxLength: max, value: (doc[key] as string | null | undefined) ?? '', className: `${INPUT} ${multiline ? 'py-2' : ''} ${a.invalid ? 'border-red-600' : 'border-border'}` };
        const change = (v: string) => set(key, key === 'title' ? v : v === '' ? null : v);
        return multiline ? <textarea {...props} rows={2} onChange={(e) => change(e.target.value)} /> : <input {...props} onChange={(e) => change(e.target.value)} />;
      }}
    </FieldShell>
  );
  return (
    <div className="flex flex-col gap-3">
      {text('title', 'Title', 120, 'The page\'s name in the shop and in the browser\'s tab.')}
      {text('title_hi', 'Title in Hindi', 120, 'Its name on the shop\'s Hindi pages; left empty, they show the title.')}
      {text('seo_title', 'SEO title', 160, 'What search engines show as the link; the title when empty.')}
      {text('seo_description', 'SEO description', 320, 'The line search engines show under the link.', true)}
      {text('seo_keyword', 'SEO keywords', 320, 'Words separated by commas.')}
      {text('seo_title_hi', 'SEO title in Hindi', 160, 'The SEO title on the shop\'s Hindi pages; the SEO title when empty.')}
      {text('seo_description_hi', 'SEO description in Hindi', 320, 'The SEO description on the shop\'s Hindi pages; the SEO description when empty.', true)}
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">Around the page</legend>
        <CheckField path={['show_navbar']} label="Show the shop's header" checked={doc.show_navbar} onChange={(v) => set('show_navbar', v)} />
        <CheckField path={['show_sub_navbar']} label="Show the categories bar under it" checked={doc.show_sub_navbar} onChange={(v) => set('show_sub_navbar', v)} />
        <CheckField path={['show_footer']} label="Show the shop's footer" checked={doc.show_footer} onChange={(v) => set('show_footer', v)} />
      </fieldset>
      <CssField css={doc.css} onChange={(v) => set('css', v)} />
    </div>
  );
}

/** The page's CSS; what the shop will leave out of it is said under it, line by line (the server's own rules judge it). */
function CssField({ css, onChange }: { css: string; onChange: (v: string) => void }) {
  const { errors } = useEditorContext();
  const [left, setLeft] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(async () => {
      if (!css.trim()) return setLeft([]);
      // The server judges with its own rules; a check that fails says nothing (the draft's save reports trouble).
      const answer = await pageBuilderApi().cssProblems(css).catch(() => null);
      if (current && answer) setLeft(answer.problems);
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [css]);
  const id = fieldId(['css']);
  const problems = errors.css ?? [];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">Page CSS</label>
      <textarea id={id} rows={5} spellCheck={false} maxLength={20_000} value={css} onChange={(e) => onChange(e.target.value)} aria-invalid={problems.length > 0 || left.length > 0 || undefined} aria-describedby={`${id}-desc${problems.length || left.length ? ` ${id}-error` : ''}`} className={`${INPUT} py-2 font-mono text-xs ${problems.length || left.length ? 'border-red-600' : 'border-border'}`} />
      <div id={`${id}-error`}>
        <Problems problems={problems} />
        {left.length > 0 && (
          <>
            <p className="text-xs font-medium text-red-700">The shop will leave these out:</p>
            <Problems problems={left} />
          </>
        )}
      </div>
      <p id={`${id}-desc`} className="text-xs text-muted-foreground">Applies to this page only. Fixed or sticky positions, animations, @import and fonts are left out.</p>
    </div>
  );
}
