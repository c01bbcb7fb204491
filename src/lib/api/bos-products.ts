import type { BosLowStockQuery, BosPackQuickBody, BosProductBody, BosProductQuery, BosStockBody, BosStockQuery } from '../../contract/bos-products';
import { isJsonObject, pageSend } from './browser';
import { createCaller, queryString, type CheckAnswer, type Send } from './client';

/**
 * The back office's products and stock calls (docs/back-office-products.md). Money is integer paise (`price`,
 * `mrp`). A separate client, like the orders', so no shopper's page carries it.
 */
export function createBosProductsApi(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);
  return {
    /** A page of products (search, category, brand, supplier, status, low stock), each with its packs and their stock. */
    bosProducts: (query: Partial<BosProductQuery> = {}) => call('BosProductList', `/bos/products${queryString(query)}`),
    /** What the product form offers: categories, brands, suppliers, warehouses. */
    bosProductOptions: () => call('BosProductOptions', '/bos/products/options'),
    bosProduct: (id: number) => call('BosProduct', `/bos/products/${id}`),
    /** A new product (409 with errors.slug when the slug is taken; 400 with field errors otherwise). */
    bosCreateProduct: (body: BosProductBody) => call('BosProduct', '/bos/products', post(body)),
    /** Saves the whole product (409 when `updated_at` is not the product's now: someone saved in between). */
    bosSaveProduct: (id: number, body: BosProductBody) => call('BosProduct', `/bos/products/${id}`, post(body, 'PUT')),
    /** Deletes a product no order holds, or hides one that orders hold: the answer says which. */
    bosRemoveProduct: (id: number) => call('BosProductRemoved', `/bos/products/${id}`, { method: 'DELETE' }),
    /** The list's quick edit: a pack's price, MRP (paise) and counted level (a count entry in the ledger). */
    bosQuickEditPack: (id: number, body: BosPackQuickBody) => call('BosPack', `/bos/packs/${id}`, post(body, 'PUT')),
    /** One ledger entry (409 when it would leave the level below 0). */
    bosMoveStock: (body: BosStockBody) => call('BosStockMoved', '/bos/stock', post(body)),
    /** A pack's level per warehouse and its ledger, newest first. */
    bosStockLedger: (query: Pick<BosStockQuery, 'pack_id'> & Partial<BosStockQuery>) => call('BosStockLedger', `/bos/stock${queryString(query)}`),
    /** Packs at or below the threshold, fewest first. */
    bosLowStock: (query: Partial<BosLowStockQuery> = {}) => call('BosLowStockList', `/bos/stock/low${queryString(query)}`),
  };
}
export type BosProductsApi = ReturnType<typeof createBosProductsApi>;

/** The products and stock calls for the back office's islands. */
export const bosProductsApi = () => createBosProductsApi(pageSend(), isJsonObject);
