import { sanitizeMerchantHtml } from '../../lib/sanitize';

/** A description as the product form saves it: sanitised HTML (placeholder until the products' own rule is merged). */
export const cleanDescription = (text: string) => sanitizeMerchantHtml(text);
