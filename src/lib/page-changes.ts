/**
 * What changed between two page documents, in words, for a kept version's summary ("Added Hero ‘Summer sale’;
 * changed the title; removed 2 blocks; reordered blocks"). Pure; it reads the documents leniently, as a draft may
 * have problems. A block is known by its type and name (a document's blocks carry no ids): one added or removed
 * is named, several are counted.
 */

const BLOCK_WORDS: Record<string, string> = {
  hero: 'Hero',
  product_carousel: 'Product carousel',
  product_grid: 'Product grid',
  category_carousel: 'Category carousel',
  brand_carousel: 'Brand carousel',
  supplier_carousel: 'Supplier carousel',
  image_banner: 'Image banner',
  rich_html: 'Text',
  dynamic_form: 'Form',
};

interface Block {
  key: string;
  label: string;
  content: string;
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** A document's blocks in the order the page shows them (by `order`, then as listed), each with its key and words. */
function blocksOf(document: Record<string, unknown>): Block[] {
  const list = Array.isArray(document.components) ? document.components.map(record) : [];
  const seen = new Map<string, number>();
  return list
    .map((c, index) => ({ c, index, order: typeof c.order === 'number' ? c.order : 0 }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ c }) => {
      const type = typeof c.type === 'string' ? c.type : '?';
      const name = typeof c.name === 'string' ? c.name : '';
      const base = `${type}\u0000${name}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return { key: `${base}\u0000${n}`, label: `${BLOCK_WORDS[type] ?? 'Block'}${name ? ` ‘${name}’` : ''}`, content: JSON.stringify([c.data ?? null, c.settings ?? null]) };
    });
}

const counted = (verb: string, blocks: Block[]) => (blocks.length === 1 ? `${verb} ${blocks[0]!.label}` : `${verb} ${blocks.length} blocks`);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The summary of a publish: what `after` changes from `before` (null: the first publish). */
export function describeChanges(before: unknown, after: unknown): string {
  if (before === null || before === undefined) return 'First published';
  const old = record(before);
  const now = record(after);
  const parts: string[] = [];
  const oldBlocks = blocksOf(old);
  const newBlocks = blocksOf(now);
  const oldByKey = new Map(oldBlocks.map((b) => [b.key, b]));
  const newKeys = new Set(newBlocks.map((b) => b.key));
  const added = newBlocks.filter((b) => !oldByKey.has(b.key));
  const removed = oldBlocks.filter((b) => !newKeys.has(b.key));
  const changed = newBlocks.filter((b) => oldByKey.has(b.key) && oldByKey.get(b.key)!.content !== b.content);
  if (added.length) parts.push(counted('added', added));
  if (!same(old.title, now.title)) parts.push('changed the title');
  if (!same(old.url, now.url)) parts.push(`moved the page to ${typeof now.url === 'string' ? now.url : 'a new path'}`);
  if (changed.length) parts.push(counted('changed', changed));
  if (removed.length) parts.push(counted('removed', removed));
  const keptBefore = oldBlocks.filter((b) => newKeys.has(b.key)).map((b) => b.key);
  const keptAfter = newBlocks.filter((b) => oldByKey.has(b.key)).map((b) => b.key);
  if (keptBefore.join('\u0001') !== keptAfter.join('\u0001')) parts.push('reordered blocks');
  if (['seo_title', 'seo_description', 'seo_keyword', 'schema_script'].some((k) => !same(old[k], now[k]))) parts.push('changed the SEO');
  if (['show_navbar', 'show_sub_navbar', 'show_footer'].some((k) => !same(old[k] ?? true, now[k] ?? true))) parts.push('changed what the page shows around it');
  if (!same(old.css ?? '', now.css ?? '')) parts.push('changed the CSS');
  if (!parts.length) return 'No changes';
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
