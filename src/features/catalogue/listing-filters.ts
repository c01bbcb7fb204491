import { navigate } from 'astro:transitions/client';
import { listingHref, readListing } from '../../lib/listing';
import { localizePath, splitLocale } from '../../lib/i18n/locales';

/** Where the filter panel is the sidebar (Tailwind's md), not the phone's dialog. */
const SIDEBAR = '(min-width: 48rem)';

/**
 * Filter forms go to the canonical listing URL (comma-joined c and b, as the product's links are) without a full
 * reload, in the page's language (a Hindi listing stays under /hi/); as the sidebar the form applies each change at
 * once, as the phone's dialog it waits for Apply Filters.
 */
export function enhanceListingFilters() {
  document.addEventListener('submit', (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-listing-filters]');
    if (!form) return;
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') params.append(key, value);
    const panel = document.querySelector<HTMLDialogElement>('#category-filter');
    if (panel?.matches(':popover-open')) panel.hidePopover();
    panel?.close();
    void navigate(localizePath(listingHref({ ...readListing(params), page: 1 }), splitLocale(location.pathname).locale));
  }, true); // capture phase: before the client router's own form handling
  document.addEventListener('change', (event) => {
    if (!matchMedia(SIDEBAR).matches) return;
    (event.target as Element).closest<HTMLFormElement>('form[data-listing-filters]')?.requestSubmit();
  });
}
