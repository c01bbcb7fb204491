import { sanitizeMerchantHtml } from '../../lib/sanitize';

/** A description as the product form saves it (services/products.ts, saveProduct): the merchant HTML allow-list. */
export const cleanDescription = (text: string) => sanitizeMerchantHtml(text);
