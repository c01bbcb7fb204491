// Nothing takes the focus when a page loads, the search field included (docs/decisions/no-autofocus-on-load.md).

// The search text is trimmed (docs/product.md#header). The browser submits the field as typed, so trim it first (capture
// phase, before the client router takes the submission); /products trims again for scriptless visitors.
document.addEventListener(
  'submit',
  (event) => {
    const form = (event.target as Element).closest<HTMLFormElement & { q: HTMLInputElement }>('[data-search-form]');
    if (form) form.q.value = form.q.value.trim();
  },
  true,
);

// Focus alone never wakes the search box (client:interaction also wakes on focusin): Tab passing through it, or the
// focus a closing popup hands back, is not the shopper reaching for it; typing or a press in it is. Every byte
// here is on every page's budget: kept to one line.
document.addEventListener('focusin', (event) => (event.target as Element).closest('[ssr] [data-search-form]') && event.stopPropagation(), true);
