/**
 * A shared page with its personal parts cut out (docs/scaling-and-caching.md#personal-parts). A page renders each
 * personal part (the account menu, the cart button and panel, the pincode and delivery promises, a card's stepper
 * and heart) between two
 * markers, `<!--pp:ID-->` and `<!--/pp:ID-->`, ID being the part's place in the render's list of parts (which
 * also keeps the part's name and props). Rendered for a visitor without a session, the page is kept as the text
 * between the parts (`segments`) and the parts as drawn for that visitor (`holes`); a shopper with a session gets
 * the same segments with the parts drawn for them. Nothing personal is ever kept here: only a render without a
 * session is split and kept (src/middleware.ts).
 */

/** A personal part as a page rendered it: which part, its props (kept to draw it again), and its HTML for a visitor. */
interface Hole<P = unknown> {
  part: P;
  html: string;
}

/** A page split at its personal parts: `segments.length === holes.length + 1`. */
export interface SplitPage<P = unknown> {
  segments: string[];
  holes: Hole<P>[];
}

const OPEN = /<!--pp:(\d+)-->/g;

/** The marker a personal part opens with. */
export const openMarker = (id: number) => `<!--pp:${id}-->`;
/** The marker a personal part closes with. */
export const closeMarker = (id: number | string) => `<!--/pp:${id}-->`;

/**
 * Splits a page's HTML at its personal parts, in document order; `parts[id]` is what the render recorded for the
 * part with that ID. Answers undefined when the markers do not pair up (a part inside a part, a marker without its
 * end, an ID the render did not record): such a page is served as it is and not kept split.
 */
export function splitPage<P>(html: string, parts: readonly P[]): SplitPage<P> | undefined {
  const segments: string[] = [];
  const holes: Hole<P>[] = [];
  let from = 0;
  OPEN.lastIndex = 0;
  for (let match = OPEN.exec(html); match; match = OPEN.exec(html)) {
    const id = match[1]!;
    const part = parts[Number(id)];
    const start = match.index + match[0].length;
    const end = html.indexOf(closeMarker(id), start);
    if (part === undefined || end < 0) return undefined;
    const inner = html.slice(start, end);
    if (inner.includes('<!--pp:')) return undefined;
    segments.push(html.slice(from, match.index));
    holes.push({ part, html: inner });
    from = end + closeMarker(id).length;
    OPEN.lastIndex = from;
  }
  if (html.indexOf('<!--/pp:', from) >= 0) return undefined;
  segments.push(html.slice(from));
  return { segments, holes };
}

/**
 * The parts a personal render drew, by the index it was given (each between `<!--pp:INDEX-->` and
 * `<!--/pp:INDEX-->`); anything outside the markers is ignored.
 */
export function readParts(html: string): Map<number, string> {
  const drawn = new Map<number, string>();
  OPEN.lastIndex = 0;
  for (let match = OPEN.exec(html); match; match = OPEN.exec(html)) {
    const start = match.index + match[0].length;
    const end = html.indexOf(closeMarker(match[1]!), start);
    if (end < 0) break;
    drawn.set(Number(match[1]), html.slice(start, end));
    OPEN.lastIndex = end;
  }
  return drawn;
}
