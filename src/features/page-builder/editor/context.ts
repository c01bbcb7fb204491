import { createContext, useContext } from 'react';
import type { Editor } from './store';

/** One choice of a picker: what the block keeps (a slug) and what the marketer reads. */
export interface Choice {
  slug: string;
  name: string;
  /** A line under the name: a category's parents, a product's price. */
  hint?: string;
  image?: string | null;
}

/** What every field of the editor reaches: the editor, its problems, and the catalogue's categories and brands. */
export interface EditorContextValue {
  editor: Editor;
  canEdit: boolean;
  errors: Record<string, string[]>;
  categories: Choice[];
  brands: Choice[];
}
export const EditorContext = createContext<EditorContextValue | null>(null);
export const useEditorContext = () => useContext(EditorContext)!;

/** A field's element id from its path (the problems' summary links to it). */
export const fieldId = (path: (string | number)[]) => `f-${path.join('-')}`;
