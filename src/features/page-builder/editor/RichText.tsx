import RichTextEditor, { type RichTextEditorProps } from '../../../ui/RichTextEditor';
import { useEditorContext } from './context';

/**
 * A rich-text block's words: the shared Tiptap editor (src/ui/RichTextEditor.tsx), changeable when the marketer may
 * edit the website. Loaded only when a rich-text block is open, so the editor's first load does not carry it.
 */
export default function RichText(props: Omit<RichTextEditorProps, 'editable'>) {
  const { canEdit } = useEditorContext();
  return <RichTextEditor {...props} editable={canEdit} />;
}
