// Dropdown menus are <details>: they work without this. It closes them the way people expect:
// one open at a time, on a click elsewhere, on Escape, and when a link inside is followed.
const menus = () => [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]')];
document.addEventListener('click', (event) => {
  const inside = (event.target as Element | null)?.closest('details[data-menu]');
  for (const menu of menus()) {
    if (!menu.contains(event.target as Node) || (event.target as Element).closest('a')) menu.open = false;
    else if (inside && !menu.contains(inside)) menu.open = false;
  }
});
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const open = menus();
  open.forEach((menu) => (menu.open = false));
  open[0]?.querySelector('summary')?.focus();
});
document.addEventListener('astro:before-swap', () => document.getElementById('side-menu')?.hidePopover?.());
