import { navigate } from 'astro:transitions/client';
import { listingHref, readListing } from '../../lib/listing';

/**
 * Filter forms go to the canonical listing URL (comma-joined c and b, as the spec's links are) without a full
 * reload; the sidebar's form applies each change at once.
 */
export function enhanceListingFilters() {
  document.addEventListener('submit', (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-listing-filters]');
    if (!form) return;
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') params.append(key, value);
    document.querySelector<HTMLElement>('#category-filter')?.hidePopover?.();
    void navigate(listingHref({ ...readListing(params), page: 1 }));
  }, true); // capture phase: before the client router's own form handling
  document.addEventListener('change', (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-listing-filters][data-live]');
    form?.requestSubmit();
  });
}
