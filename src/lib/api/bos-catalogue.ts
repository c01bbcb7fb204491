import type { BosBrandBody, BosCategoryCreateBody, BosCategoryMoveBody, BosCategoryUpdateBody, BosSupplierBody, BosWarehouseBody, CatalogueListQuery } from '../../contract/bos-catalogue';
import { isJsonObject, pageSend } from './browser';
import { createCaller, queryString, type CheckAnswer, type Send } from './client';

/**
 * The back office's Catalogue calls (docs/back-office-catalogue.md): the category tree, brands, suppliers,
 * warehouses and search synonyms. A client of its own, so only the Catalogue section's pages carry it.
 */
export function createBosCatalogueApi(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);
  const remove = (path: string) => call('Message', path, { method: 'DELETE' });
  return {
    bosCategories: () => call('BosCategoryTree', '/bos/categories'),
    bosCreateCategory: (body: BosCategoryCreateBody) => call('BosCategory', '/bos/categories', post(body)),
    bosUpdateCategory: (id: number, body: BosCategoryUpdateBody) => call('BosCategory', `/bos/categories/${id}`, post(body, 'PUT')),
    /** Moves a category to a place under a parent (null: the top level); answers the tree after it (422 into its own subtree). */
    bosMoveCategory: (body: BosCategoryMoveBody) => call('BosCategoryTree', '/bos/categories/move', post(body)),
    /** Removes a category; one holding products or subcategories only with `moveTo` (409 with in_use otherwise). */
    bosRemoveCategory: (id: number, moveTo?: number) => remove(`/bos/categories/${id}${queryString({ move_to: moveTo })}`),
    bosBrands: (query: Partial<CatalogueListQuery> = {}) => call('BosBrandList', `/bos/brands${queryString(query)}`),
    bosCreateBrand: (body: BosBrandBody) => call('BosBrand', '/bos/brands', post(body)),
    bosUpdateBrand: (id: number, body: BosBrandBody) => call('BosBrand', `/bos/brands/${id}`, post(body, 'PUT')),
    bosRemoveBrand: (id: number) => remove(`/bos/brands/${id}`),
    bosSuppliers: (query: Partial<CatalogueListQuery> = {}) => call('BosSupplierList', `/bos/suppliers${queryString(query)}`),
    bosCreateSupplier: (body: BosSupplierBody) => call('BosSupplier', '/bos/suppliers', post(body)),
    bosUpdateSupplier: (id: number, body: BosSupplierBody) => call('BosSupplier', `/bos/suppliers/${id}`, post(body, 'PUT')),
    bosRemoveSupplier: (id: number) => remove(`/bos/suppliers/${id}`),
    bosWarehouses: (query: Partial<CatalogueListQuery> = {}) => call('BosWarehouseList', `/bos/warehouses${queryString(query)}`),
    bosCreateWarehouse: (body: BosWarehouseBody) => call('BosWarehouse', '/bos/warehouses', post(body)),
    bosUpdateWarehouse: (id: number, body: BosWarehouseBody) => call('BosWarehouse', `/bos/warehouses/${id}`, post(body, 'PUT')),
    bosRemoveWarehouse: (id: number) => remove(`/bos/warehouses/${id}`),
    bosSynonyms: (query: Partial<CatalogueListQuery> = {}) => call('BosSynonymList', `/bos/synonyms${queryString(query)}`),
    bosAddSynonyms: (terms: string[]) => call('BosSynonymGroup', '/bos/synonyms', post({ terms })),
    bosUpdateSynonyms: (no: number, terms: string[]) => call('BosSynonymGroup', `/bos/synonyms/${no}`, post({ terms }, 'PUT')),
    bosRemoveSynonyms: (no: number) => remove(`/bos/synonyms/${no}`),
  };
}
export type BosCatalogueApi = ReturnType<typeof createBosCatalogueApi>;

/** The Catalogue section's calls for its islands. */
export const bosCatalogueApi = () => createBosCatalogueApi(pageSend(), isJsonObject);
