import type { z } from 'zod';
import type {
  Address, AddressList, AgentCustomer, AgentCustomerList, AgentOrder, AgentOrderList, AgentOrderPlaced, AgentSales, AgentSummary, AgentTop, Cart, CodeSent, Init, Invoice, Message, Ok, Order, OrderCreated, OrderList, Outbox, PageData, PageDocument, PaymentStarted, PaymentState,
  Deliveries, PincodeCheck, Product, ProductList, Profile, Reordered, SignedIn, Website, WebsiteList, WishlistCategory, WishlistUpdated, Wishlists,
  CartAddBody, CartQuery, CartRemoveBody, ProductListQuery, RegisterBody,
} from '../../contract';
import type { BosBulkResult, BosMoved, BosOrderDetail, BosOrderQueue, BosQueueOptions, BosRefundCount, BosRefund, BosRefundList } from '../../contract/bos-orders';
import type { BosBrand, BosBrandList, BosCategory, BosCategoryTree, BosSupplier, BosSupplierList, BosSynonymGroup, BosSynonymList, BosWarehouse, BosWarehouseList } from '../../contract/bos-catalogue';
import type { BosPackingSlips, BosPickList } from '../../contract/bos-print';
import type { BosPincodesAdded, BosZone, BosZoneDetail, BosZoneList, BosZonePincodes, BosZoneRemoved } from '../../contract/bos-delivery';
import type { BosCouponDetail, BosCouponList, BosCouponOrders } from '../../contract/bos-coupons';
import type { BosAuditFilters, BosAuditList, BosCustomerAgent, BosUserDetail, BosUserList } from '../../contract/bos-people';
import type { BosLowStockList, BosPack, BosProduct, BosProductList, BosProductOptions, BosProductRemoved, BosStockLedger, BosStockMoved } from '../../contract/bos-products';
import type { ImportReport } from '../../contract/bos-import';
import type { BosSalesFigures } from '../../contract/bos-sales';
import type { PosReceipt, PosTillList, PosTillWithReport } from '../../contract/pos';
import type { FormResponseList, MediaItem, MediaList, PageDetail, PageDraftSaved, PageList, PageVersionList, SupplierChoiceList, PageCssProblems } from '../../contract/page-builder';
import type { SiteSettings, SiteVersionList } from '../../contract/site-settings';
import { errorMessage } from '../errors';

/** The contract's answer schemas the client's calls expect, by name. */
export interface AnswerSchemas {
  Address: typeof Address; AddressList: typeof AddressList; AgentCustomer: typeof AgentCustomer; AgentCustomerList: typeof AgentCustomerList; AgentOrder: typeof AgentOrder; AgentOrderList: typeof AgentOrderList;
  AgentOrderPlaced: typeof AgentOrderPlaced; BosBulkResult: typeof BosBulkResult; BosMoved: typeof BosMoved; BosOrderDetail: typeof BosOrderDetail; BosOrderQueue: typeof BosOrderQueue; BosQueueOptions: typeof BosQueueOptions; BosRefundCount: typeof BosRefundCount; BosRefund: typeof BosRefund; BosRefundList: typeof BosRefundList; BosPackingSlips: typeof BosPackingSlips; BosPickList: typeof BosPickList; AgentSales: typeof AgentSales; AgentSummary: typeof AgentSummary; AgentTop: typeof AgentTop; Cart: typeof Cart; CodeSent: typeof CodeSent;
  Init: typeof Init; Invoice: typeof Invoice; Message: typeof Message; Ok: typeof Ok; Order: typeof Order; OrderCreated: typeof OrderCreated;
  OrderList: typeof OrderList; Outbox: typeof Outbox; PageData: typeof PageData; PaymentStarted: typeof PaymentStarted; PaymentState: typeof PaymentState; PincodeCheck: typeof PincodeCheck; Deliveries: typeof Deliveries;
  Product: typeof Product; ProductList: typeof ProductList; Profile: typeof Profile; Reordered: typeof Reordered; SignedIn: typeof SignedIn; Website: typeof Website;
  WebsiteList: typeof WebsiteList; WishlistCategory: typeof WishlistCategory; WishlistUpdated: typeof WishlistUpdated; Wishlists: typeof Wishlists;
  PageDocument: typeof PageDocument; FormResponseList: typeof FormResponseList; MediaItem: typeof MediaItem; MediaList: typeof MediaList; PageDetail: typeof PageDetail; PageDraftSaved: typeof PageDraftSaved; PageList: typeof PageList; PageVersionList: typeof PageVersionList;
  SupplierChoiceList: typeof SupplierChoiceList; PageCssProblems: typeof PageCssProblems;
  SiteSettings: typeof SiteSettings; SiteVersionList: typeof SiteVersionList;
  BosZone: typeof BosZone; BosZoneDetail: typeof BosZoneDetail; BosZoneList: typeof BosZoneList; BosZonePincodes: typeof BosZonePincodes; BosPincodesAdded: typeof BosPincodesAdded; BosZoneRemoved: typeof BosZoneRemoved;
  BosCouponDetail: typeof BosCouponDetail; BosCouponList: typeof BosCouponList; BosCouponOrders: typeof BosCouponOrders;
  BosAuditFilters: typeof BosAuditFilters; BosAuditList: typeof BosAuditList; BosCustomerAgent: typeof BosCustomerAgent; BosUserDetail: typeof BosUserDetail; BosUserList: typeof BosUserList;
  BosBrand: typeof BosBrand; BosBrandList: typeof BosBrandList; BosCategory: typeof BosCategory; BosCategoryTree: typeof BosCategoryTree; BosSupplier: typeof BosSupplier; BosSupplierList: typeof BosSupplierList;
  BosSynonymGroup: typeof BosSynonymGroup; BosSynonymList: typeof BosSynonymList; BosWarehouse: typeof BosWarehouse; BosWarehouseList: typeof BosWarehouseList;
  BosLowStockList: typeof BosLowStockList; BosPack: typeof BosPack; BosProduct: typeof BosProduct; BosProductList: typeof BosProductList; BosProductOptions: typeof BosProductOptions;
  BosProductRemoved: typeof BosProductRemoved; BosStockLedger: typeof BosStockLedger; BosStockMoved: typeof BosStockMoved;
  ImportReport: typeof ImportReport;
  BosSalesFigures: typeof BosSalesFigures; PosReceipt: typeof PosReceipt; PosTillList: typeof PosTillList; PosTillWithReport: typeof PosTillWithReport;
}
/** The name of an answer schema the client's calls expect. */
export type AnswerName = keyof AnswerSchemas;
/** What the answer of the schema `Name` holds, as the contract types it. */
export type Answer<Name extends AnswerName> = z.output<AnswerSchemas[Name]>;
/**
 * Checks an answer's body against the contract schema named `name`: the answer to hand on, or the problems
 * found. Only the type of the contract is imported here, so a check decides what ships with the client.
 */
export type CheckAnswer = (name: AnswerName, body: unknown) => { ok: true; data: unknown } | { ok: false; issues: unknown };

/** Sends one call to the commerce API; `path` starts after /s/api. */
export type Send = (path: string, init: RequestInit) => Promise<Response>;

/** A call the API refused or that never arrived; `message` is fit to show a shopper. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The answer, or null when the API says there is no such thing (404, or a path it cannot hold: 400). */
export async function orNotFound<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Builds the query string the product's calls use: empty values and page 1 are left out. */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) <= 1) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Sends calls and checks their answers: what every group of calls is built on. */
export function createCaller(send: Send, check: CheckAnswer) {
  async function call<Name extends AnswerName>(name: Name, path: string, init: RequestInit = {}): Promise<Answer<Name>> {
    const response = await send(path, init);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text, errorMessage shows it as it is.
    }
    if (!response.ok) throw new ApiCallError(response.status, errorMessage(body), body);
    const checked = check(name, body);
    if (!checked.ok) throw new ApiCallError(502, `The shop answered ${path} in an unexpected shape`, checked.issues);
    return checked.data as Answer<Name>;
  }
  /** A JSON body (POST unless said otherwise), with any extra headers. */
  const post = (body: unknown, method = 'POST', headers: Record<string, string> = {}): RequestInit => ({
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { call, post };
}

/**
 * The one typed client of the commerce API: the calls every page's islands may make. Every answer is typed by
 * the contract and checked by `check`: on the server (and in tests) that parses it with the contract's schema;
 * islands use a light check (see browser.ts). A signed-in shopper's addresses, orders and payments are the
 * second group (orders.ts), so catalogue pages do not carry them.
 */
export function createApiClient(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);

  return {
    cookie: () => call('Ok', '/cookie'),
    init: () => call('Init', '/init'),
    products: (query: Partial<ProductListQuery> = {}) => call('ProductList', `/products${queryString(query)}`),
    product: (slug: string) => call('Product', `/products/${encodeURIComponent(slug)}`),
    cart: (query: CartQuery = {}) => call('Cart', `/cart${queryString(query)}`),
    addToCart: (body: CartAddBody) => call('Cart', '/cart/add', post(body)),
    removeFromCart: (body: CartRemoveBody) => call('Cart', '/cart/remove', post(body)),
    submitForm: (body: { emailactivation?: 1; formtype: string; formdata: Record<string, string | boolean> }) => call('Message', '/webui/create', post(body)),
    applyCoupon: (code: string) => call('Cart', '/apply/coupon', post({ code })),
    removeCoupon: () => call('Cart', '/remove/coupon'),
    /** The pincode dialog's call; `{ choose: false }` only looks the pincode up (its city and state), leaving the session's pincode. */
    checkPincode: (pincode: string, { choose = true }: { choose?: boolean } = {}) =>
      call('PincodeCheck', `/check/pincode/${encodeURIComponent(pincode)}${choose ? '' : queryString({ choose: 'false' })}`),
    wishlists: () => call('Wishlists', '/wishlist'),
    toggleWishlist: (productId: number, categoryId?: number) =>
      call('WishlistUpdated', '/wishlist/update', post(categoryId ? { product_id: productId, wishlist_category_id: categoryId } : { product_id: productId })),
    createWishlist: (name: string) => call('WishlistCategory', '/wishlistCategory', post({ name })),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Calls only pages make, on the server (lib/api/server.ts): a content page's data, signing in and out, and the
 * super administrator's websites. Apart from the islands' client, so no island's script carries them.
 */
export function createPageCalls(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);
  return {
    page: (url: string) => call('PageData', url === '/' ? '/page/data' : `/page/data${url}`),
    login: (identifier: string) => call('CodeSent', '/auth/login', post({ identifier })),
    register: (body: RegisterBody) => call('CodeSent', '/auth/register', post(body)),
    verify: (code: string) => call('SignedIn', '/auth/verify', post({ code })),
    logout: () => call('Message', '/auth/logout'),
    websites: () => call('WebsiteList', '/bos/websites'),
    switchWebsite: (websiteId: number) => call('Website', '/bos/switch', post({ website_id: websiteId })),
    createWebsite: (body: { name: string; domain: string }) => call('Website', '/bos/websites', post(body)),
  };
}
