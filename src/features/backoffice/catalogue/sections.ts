import type { ListKind } from './lists';

/** The Catalogue section's sub-sections, in its tabs' order, each a page of its own under /bos/admin/catalogue. */
export const CATALOGUE_SECTIONS = [
  { key: 'categories', label: 'Categories', href: '/bos/admin/catalogue', about: 'The category tree the shop’s menus, listings and breadcrumbs follow.' },
  { key: 'brands', label: 'Brands', href: '/bos/admin/catalogue/brands', about: 'The brands products carry; a new name is in search at once.' },
  { key: 'suppliers', label: 'Suppliers', href: '/bos/admin/catalogue/suppliers', about: 'Where the goods come from; the page builder’s supplier carousels show them.' },
  { key: 'warehouses', label: 'Warehouses', href: '/bos/admin/catalogue/warehouses', about: 'Where packs ship from.' },
  { key: 'synonyms', label: 'Search synonyms', href: '/bos/admin/catalogue/synonyms', about: 'Words shoppers use for the same thing: each term of a group finds what the others find.' },
] as const;
export type CatalogueSection = (typeof CATALOGUE_SECTIONS)[number]['key'];

/** The list a path's last part names (`brands`…), or null: the page answers 404 for anything else. */
export const listKindOf = (part: string | undefined): ListKind | null => (['brands', 'suppliers', 'warehouses', 'synonyms'] as const).find((k) => k === part) ?? null;
