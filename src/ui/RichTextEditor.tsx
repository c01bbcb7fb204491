import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';

/** The page builder's looks (its editor/parts.tsx), kept the same here. */
const INPUT = 'min-h-11 w-full rounded-md border bg-background px-3 text-sm disabled:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';
const SMALL_BUTTON = 'inline-flex min-h-9 min-w-9 items-center justify-center gap-1 rounded-md border border-border px-2 text-xs font-medium hover:bg-muted disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

export interface RichTextEditorProps {
  id: string;
  describedBy?: string;
  invalid: boolean;
  /** HTML ('' when empty). */
  value: string;
  onChange: (html: string) => void;
  /** The field's name, for the text box and its toolbar. */
  label: string;
  /** False: shown, not changed (the toolbar is disabled). */
  editable?: boolean;
}

/**
 * Staff's rich text (Tiptap): paragraphs, headings, bold, italic, lists and links, with a small toolbar (each button
 * says whether it is on: aria-pressed) and the editor's own shortcuts (Ctrl+B, Ctrl+I…). It gives HTML; the shop
 * keeps only what src/lib/sanitize.ts allows, as for any merchant HTML. Shared by the page builder's rich-text
 * block and the back office's product description; each loads it lazily (`lazy(() => import(...))`), so no first
 * load carries Tiptap, and no shopper page imports it.
 */
export default function RichTextEditor({ id, describedBy, invalid, value, onChange, label, editable = true }: RichTextEditorProps) {
  const canEdit = editable;
  const latest = useRef(value);
  latest.current = value;
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: false, codeBlock: false, code: false }), Link.configure({ openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] })],
    content: value,
    editable: canEdit,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: `prose-sm min-h-32 rounded-b-md border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-5 [&_ol]:pl-5 [&_a]:text-primary [&_a]:underline ${invalid ? 'border-red-600' : 'border-border'}`,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      if (html !== latest.current) onChange(html);
    },
  });
  // A value changed from outside (a restored version, their version loaded) replaces what the editor shows.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => void editor?.setEditable(canEdit), [editor, canEdit]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? { bold: e.isActive('bold'), italic: e.isActive('italic'), h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }), bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'), link: e.isActive('link'), href: String(e.getAttributes('link').href ?? '') }
        : null,
  });
  const [linking, setLinking] = useState<string | null>(null);
  const linkId = useId();
  if (!editor) return <div className={`${INPUT} min-h-32 border-border`} aria-hidden="true" />;
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const href = (linking ?? '').trim();
    if (href) chain().extendMarkRange('link').setLink({ href }).run();
    else chain().extendMarkRange('link').unsetLink().run();
    setLinking(null);
  };
  const tool = (name: string, pressed: boolean | undefined, run: () => void, text: string) => (
    <button type="button" className={`${SMALL_BUTTON} ${pressed ? 'bg-primary text-primary-foreground hover:bg-primary' : ''}`} aria-pressed={pressed ?? false} disabled={!canEdit} onClick={run} title={name} aria-label={name}>
      {text}
    </button>
  );
  return (
    <div className="flex flex-col">
      <div role="toolbar" aria-label={`${label}: formatting`} aria-controls={id} className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-border bg-muted/40 p-1">
        {tool('Bold', state?.bold, () => chain().toggleBold().run(), 'B')}
        {tool('Italic', state?.italic, () => chain().toggleItalic().run(), 'I')}
        {tool('Heading', state?.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {tool('Subheading', state?.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        {tool('Bulleted list', state?.bullet, () => chain().toggleBulletList().run(), '• List')}
        {tool('Numbered list', state?.ordered, () => chain().toggleOrderedList().run(), '1. List')}
        {tool('Link', state?.link, () => setLinking(state?.href ?? ''), 'Link')}
      </div>
      {linking !== null && (
        // Not a <form>: the editor may sit inside one (a product's form), and forms do not nest.
        <div role="group" aria-label="Link" className="flex flex-wrap items-end gap-2 border border-b-0 border-border p-2">
          <label htmlFor={linkId} className="flex flex-1 flex-col gap-1 text-xs font-medium">
            Link address (a path like /offers, or https://…)
            <input
              id={linkId}
              autoFocus
              value={linking}
              onChange={(e) => setLinking(e.target.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Escape' && e.key !== 'Enter') return;
                e.preventDefault();
                if (e.key === 'Enter') return setLink();
                setLinking(null);
                editor.commands.focus();
              }}
              className={`${INPUT} border-border`}
            />
          </label>
          <button type="button" className={SMALL_BUTTON} onClick={setLink}>{linking.trim() ? 'Set link' : 'Remove link'}</button>
          <button type="button" className={SMALL_BUTTON} onClick={() => (setLinking(null), editor.commands.focus())}>Cancel</button>
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
