const bar = () => document.querySelector<HTMLElement>('[data-progress-bar]');
let creep: number | undefined;
let kept: { x: number; y: number } | null = null;

// The event knows where the navigation comes from: on back and forward, location is already the new page's,
// and the router restores that page's own position itself. A link marked data-scroll="top" (the pagination)
// starts at the top of the new page, as navigation does by default.
// One listener per router event (each is code on every page): scroll keeping, then the progress bar.
document.addEventListener('astro:before-preparation', (event) => {
  const samePath = event.navigationType !== 'traverse' && event.from.pathname === event.to.pathname && !event.to.hash;
  kept = samePath && !event.sourceElement?.closest('[data-scroll="top"]') ? { x: scrollX, y: scrollY } : null;
  const el = bar();
  if (!el) return;
  el.style.opacity = '1';
  el.style.width = '15%';
  el.dataset.state = 'running';
  clearInterval(creep);
  // Creep towards 90% while the page loads; the rest is filled when it has arrived.
  creep = window.setInterval(() => {
    const now = parseFloat(el.style.width);
    el.style.width = `${now + (90 - now) * 0.1}%`;
  }, 200);
});

document.addEventListener('astro:after-swap', () => {
  const keep = document.querySelector('meta[name="scroll"]')?.getAttribute('content') === 'keep';
  if (keep && kept) scrollTo({ left: kept.x, top: kept.y, behavior: 'instant' });
  kept = null;
  const el = bar();
  clearInterval(creep);
  if (!el) return;
  el.style.width = '100%';
  el.dataset.state = 'done';
  window.setTimeout(() => {
    el.style.opacity = '0';
    window.setTimeout(() => (el.style.width = '0'), 300);
  }, 200);
});
