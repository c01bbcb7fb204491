let kept: { x: number; y: number } | null = null;

/** The progress bar's state; the stylesheet draws it (ClientNavigation.astro): creeping while running, filled then faded when done. */
const mark = (state: 'running' | 'done') => {
  const bar = document.querySelector<HTMLElement>('[data-progress-bar]');
  if (bar) bar.dataset.state = state;
};

// The event knows where the navigation comes from: on back and forward, location is already the new page's,
// and the router restores that page's own position itself. A link marked data-scroll="top" (the pagination)
// starts at the top of the new page, as navigation does by default.
// One listener per router event (each is code on every page): scroll keeping, then the progress bar.
document.addEventListener('astro:before-preparation', (event) => {
  const samePath = event.navigationType !== 'traverse' && event.from.pathname === event.to.pathname && !event.to.hash;
  kept = samePath && !event.sourceElement?.closest('[data-scroll="top"]') ? { x: scrollX, y: scrollY } : null;
  mark('running');
});

document.addEventListener('astro:after-swap', () => {
  const keep = document.querySelector('meta[name="scroll"]')?.getAttribute('content') === 'keep';
  if (keep && kept) scrollTo({ left: kept.x, top: kept.y, behavior: 'instant' });
  kept = null;
  mark('done');
});
