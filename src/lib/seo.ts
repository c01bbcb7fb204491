import type { Product } from '../contract';
import { safeUrl } from '../contract/safe-url';

/** schema.org Product with one offer per pack, in rupees, for search engines (JSON-LD). */
export function productJsonLd(product: Product, canonical: string, base: URL) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.product_name,
    url: canonical,
    image: product.medias.flatMap((m) => {
      const src = safeUrl(m.src, 'web');
      return src ? [new URL(src, base).href] : [];
    }),
    brand: { '@type': 'Brand', name: product.brand_name },
    ...(typeof product.product_description === 'string' ? { description: product.product_description.replace(/<[^>]+>/g, '') } : {}),
    offers: product.packs.map((pack) => ({
      '@type': 'Offer',
      name: pack.pack_name,
      sku: String(pack.pack_id),
      price: pack.price.toFixed(2),
      priceCurrency: 'INR',
      availability: pack.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: canonical,
    })),
  };
}
