/**
 * When the current page's content appeared, on performance.now()'s clock: the document's start, then each client
 * navigation's page-load. The shell's script imports this on every page, so islands that load later read the
 * same instance.
 */
let shownAt = 0;
if (typeof document !== 'undefined') document.addEventListener('astro:page-load', () => (shownAt = performance.now()));

/** Milliseconds since the current page's content appeared. */
export const sinceShown = () => performance.now() - shownAt;
