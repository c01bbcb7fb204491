import { ident, walk, type CssNode, type Value } from 'css-tree';

/**
 * What a page's CSS may say (written down in docs/security.md): typography, colour, spacing, borders, backgrounds,
 * flex and grid layout, sizing, static/relative/absolute positioning, transforms, filters and transitions.
 * Not: fixed or sticky positioning, z-index beyond ±10, custom properties, animations (their @keyframes are
 * dropped), containment and isolation (the page's box keeps those), clip-path and masks, cursor images,
 * behavior, -moz-binding or any vendor-prefixed property.
 */

const sides = (base: string, suffixes: string[] = ['']) =>
  ['', '-top', '-right', '-bottom', '-left', '-inline', '-block', '-inline-start', '-inline-end', '-block-start', '-block-end'].flatMap((side) => suffixes.map((suffix) => `${base}${side}${suffix}`));

const PROPERTIES = new Set([
  // typography
  'color', 'font', 'font-family', 'font-size', 'font-style', 'font-weight', 'font-variant', 'font-stretch', 'line-height',
  'letter-spacing', 'word-spacing', 'text-align', 'text-indent', 'text-transform', 'text-shadow', 'text-overflow', 'text-wrap',
  'text-decoration', 'text-decoration-color', 'text-decoration-line', 'text-decoration-style', 'text-decoration-thickness',
  'text-underline-offset', 'white-space', 'word-break', 'overflow-wrap', 'hyphens', 'vertical-align', 'list-style',
  'list-style-type', 'list-style-position', 'list-style-image', 'content', 'quotes',
  // colour and backgrounds
  'opacity', 'background', 'background-color', 'background-image', 'background-position', 'background-size', 'background-repeat',
  'background-clip', 'background-origin', 'background-blend-mode', 'mix-blend-mode', 'box-shadow', 'filter', 'backdrop-filter', 'accent-color',
  // spacing, borders, sizing
  ...sides('margin'), ...sides('padding'), ...sides('border', ['', '-width', '-style', '-color']), 'border-radius',
  'border-top-left-radius', 'border-top-right-radius', 'border-bottom-left-radius', 'border-bottom-right-radius',
  'outline', 'outline-width', 'outline-style', 'outline-color', 'outline-offset', 'border-collapse', 'border-spacing',
  'width', 'height', 'min-width', 'min-height', 'max-width', 'max-height', 'inline-size', 'block-size', 'min-inline-size',
  'min-block-size', 'max-inline-size', 'max-block-size', 'aspect-ratio', 'box-sizing', 'object-fit', 'object-position',
  // layout
  'display', 'visibility', 'overflow', 'overflow-x', 'overflow-y', 'float', 'clear', 'position', 'top', 'right', 'bottom', 'left',
  'inset', 'inset-inline', 'inset-block', 'z-index', 'flex', 'flex-direction', 'flex-wrap', 'flex-flow', 'flex-grow', 'flex-shrink',
  'flex-basis', 'order', 'justify-content', 'justify-items', 'justify-self', 'align-content', 'align-items', 'align-self',
  'place-content', 'place-items', 'place-self', 'gap', 'row-gap', 'column-gap', 'grid', 'grid-template', 'grid-template-columns',
  'grid-template-rows', 'grid-template-areas', 'grid-auto-columns', 'grid-auto-rows', 'grid-auto-flow', 'grid-area', 'grid-column',
  'grid-column-start', 'grid-column-end', 'grid-row', 'grid-row-start', 'grid-row-end', 'columns', 'column-count', 'column-width',
  'table-layout', 'caption-side',
  // transforms and transitions
  'transform', 'transform-origin', 'translate', 'rotate', 'scale', 'transition', 'transition-property', 'transition-duration',
  'transition-timing-function', 'transition-delay',
  // interaction
  'cursor', 'pointer-events', 'user-select',
]);

const FUNCTIONS = new Set([
  'calc', 'min', 'max', 'clamp', 'var', 'rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix',
  'linear-gradient', 'radial-gradient', 'conic-gradient', 'repeating-linear-gradient', 'repeating-radial-gradient', 'repeating-conic-gradient',
  'translate', 'translatex', 'translatey', 'rotate', 'scale', 'scalex', 'scaley', 'skew', 'skewx', 'skewy', 'matrix',
  'blur', 'brightness', 'contrast', 'grayscale', 'hue-rotate', 'invert', 'saturate', 'sepia', 'drop-shadow',
  'cubic-bezier', 'steps', 'repeat', 'minmax', 'fit-content',
]);

/** Parts a value may be made of; anything else (raw text, unknown syntax) drops the declaration. */
const VALUE_PARTS = new Set<CssNode['type']>(['Value', 'Identifier', 'Number', 'Dimension', 'Percentage', 'Hash', 'String', 'Url', 'Function', 'Operator', 'WhiteSpace', 'Parentheses']);

/** Properties whose value must be one keyword or number from a short list (no var(), which would skip the check). */
const SINGLE_VALUE: Record<string, (value: string) => boolean> = {
  position: (v) => ['static', 'relative', 'absolute'].includes(v),
  'z-index': (v) => v === 'auto' || (/^-?\d+$/.test(v) && Math.abs(Number(v)) <= 10),
  cursor: (v) => /^[a-z-]+$/.test(v),
};

/** Whether a page may set this property (already unescaped and lower-cased). */
export const allowedProperty = (property: string): boolean => PROPERTIES.has(property);

/** Whether a value is made only of plain parts and allowed functions, with each keyword judged unescaped. */
export function allowedValue(property: string, value: Value): boolean {
  let ok = true;
  walk(value, (node) => {
    if (!VALUE_PARTS.has(node.type)) ok = false;
    else if (node.type === 'Function' && !FUNCTIONS.has(ident.decode(node.name).toLowerCase())) ok = false;
  });
  const single = SINGLE_VALUE[property];
  if (!ok || !single) return ok;
  const parts = value.children.toArray();
  const only = parts.length === 1 ? parts[0] : undefined;
  const text = only?.type === 'Identifier' ? ident.decode(only.name).toLowerCase() : only?.type === 'Number' ? only.value : null;
  return text !== null && single(text);
}
