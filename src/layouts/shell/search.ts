import { autofocusSearch } from './search-autofocus';

let cancelAutofocus = () => {};
document.addEventListener('astro:page-load', () => (cancelAutofocus = autofocusSearch()));
document.addEventListener('astro:before-swap', () => cancelAutofocus());

// The spec trims the search text. The browser submits the field as typed, so trim it first (capture
// phase, before the client router takes the submission); /products trims again for scriptless visitors.
document.addEventListener(
  'submit',
  (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches('[data-search-form]')) return;
    const input = form.elements.namedItem('q') as HTMLInputElement | null;
    if (input) input.value = input.value.trim();
  },
  true,
);
