import type { z } from 'zod';
import { CodeSent, LoginBody, Outbox, RegisterBody, SignedIn, VerifyBody } from './auth';
import { PageCheck, PageDocument } from './blocks';
import { CreateWebsiteBody, SwitchWebsiteBody, WebsiteList } from './bos';
import {
  BosBrand, BosBrandBody, BosBrandList, BosCategory, BosCategoryCreateBody, BosCategoryMoveBody, BosCategoryRemoveQuery, BosCategoryTree, BosCategoryUpdateBody, BosSupplier, BosSupplierBody,
  BosSupplierList, BosSynonymBody, BosSynonymGroup, BosSynonymList, BosWarehouse, BosWarehouseBody, BosWarehouseList, CatalogueListQuery, SynonymGroupParam,
} from './bos-catalogue';
import { BosBulkResult, BosBulkStatusBody, BosMarkRefundedBody, BosMoved, BosOrderDetail, BosOrderQuery, BosOrderQueue, BosQueueOptions, BosRefund, BosRefundBody, BosRefundCount, BosRefundList, BosRefundQuery, BosStatusBody } from './bos-orders';
import { BosCouponActiveBody, BosCouponBody, BosCouponCodeParam, BosCouponDetail, BosCouponList, BosCouponOrders, BosCouponOrdersQuery, BosCouponQuery } from './bos-coupons';
import { BosPackingSlipQuery, BosPackingSlips, BosPickList, BosPickListQuery } from './bos-print';
import {
  BosAddPincodesBody, BosPincodesAdded, BosZone, BosZoneBody, BosZoneDetail, BosZoneList, BosZonePincodeQuery, BosZonePincodes, BosZoneQuery, BosZoneRemoved, ZonePincodeParams,
} from './bos-delivery';
import { BosAuditCsv, BosAuditExportQuery, BosAuditFilters, BosAuditList, BosAuditQuery, BosCustomerAgent, BosCustomerAgentBody, BosUserDetail, BosUserList, BosUserQuery, BosUserUpdateBody } from './bos-people';
import {
  BosLowStockList, BosLowStockQuery, BosPack, BosPackQuickBody, BosProduct, BosProductBody, BosProductList, BosProductOptions, BosProductQuery, BosProductRemoved,
  BosStockBody, BosStockLedger, BosStockMoved, BosStockQuery,
} from './bos-products';
import { CatalogueCsv, ImportQuery, ImportReport } from './bos-import';
import {
  PosCatalogue, PosCatalogueQuery, PosCounter, PosPack, PosPackQuery, PosReturn, PosReturnBody, PosSale, PosSaleBody, PosSearch, PosSearchQuery, PosTill, PosTillCloseBody, PosTillList, PosTillListQuery, PosTillOpenBody,
  PosReceipt, PosReceiptParams, PosTillWithReport, PosUpiCancelBody, PosZReport, PosQuote, PosQuoteBody, PosSaleList, PosSaleListQuery,
} from './pos';
import { BosSalesFigures, BosSalesQuery } from './bos-sales';
import { Address, AddressBody, AddressList } from './address';
import {
  AgentCartQuery, AgentCustomer, AgentCustomerList, AgentCustomerQuery, AgentOrder, AgentOrderBody, AgentOrderList, AgentOrderPlaced, AgentOrderQuery, AgentSales,
  AgentSummary, AgentTop, AgentTopQuery, PeriodQuery,
} from './agent';
import { Cart, CartAddBody, CartQuery, CartRemoveBody } from './cart';
import { CrawlerRedirect, CrawlerText, SitemapFileParam } from './crawlers';
import { Product, ProductList, ProductListQuery } from './catalogue';
import { SuggestQuery, Suggestions } from './suggest';
import { IdParam, Message, Ok, SlugParam } from './common';
import { ApplyCouponBody } from './coupon';
import { Deliveries, PincodeCheck, PincodeParam, PincodeQuery } from './delivery';
import { Invoice, Reordered } from './invoice';
import { ContactBody, ContactVerifyBody, Profile, ProfileBody } from './profile';
import { Order, OrderCreateBody, OrderCreated, OrderList, OrderListQuery, OrderNumberParam, OrderRetryBody } from './order';
import { PageData, WebuiCreateBody } from './page';
import {
  FormResponseDeleteBody, FormResponseExportQuery, FormResponseList, FormResponseQuery, FormResponsesCsv,
  MediaAltBody, MediaFile, MediaFileParam, MediaItem, MediaList, MediaListQuery, MediaUploadBody,
  PageCreateBody, PageCssCheckBody, PageCssProblems, PageDetail, PageDraftBody, PageDraftSaved, PageList, PageListQuery, PagePreviewQuery, PagePublishBody, PageVersionList, PageVersionParams,
  SupplierChoiceList, SupplierChoiceQuery,
} from './page-builder';
import { PaymentConfirmBody, PaymentOrderParam, PaymentProviderParam, PaymentStartBody, PaymentStarted, PaymentState, WebhookReceived } from './payment';
import { SynonymGroups } from './search';
import { SiteDraftBody, SiteSettings, SiteVersionBody, SiteVersionList, SiteVersionParams } from './site-settings';
import { Init, PageGeneration, Website } from './site';
import { WishlistCategory, WishlistCategoryBody, WishlistUpdateBody, WishlistUpdated, Wishlists } from './wishlist';

interface Call {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
}

/**
 * The call table of docs/product.md#the-calls, relative to the base path /s: what each call takes and answers. The API
 * validates with these schemas and the client parses with them; this index is how a reader finds them.
 */
export const CALLS = {
  'GET /api/init': { answer: Init },
  'GET /api/cookie': { answer: Ok },
  'GET /api/page-generation': { answer: PageGeneration },
  'GET /api/auth/logout': { answer: Message },
  'GET /api/check/pincode/{pincode}': { params: PincodeParam, query: PincodeQuery, answer: PincodeCheck },
  // What each warehouse promises the session's pincode: a shopper's delivery lines drawn into a kept page.
  'GET /api/deliveries': { answer: Deliveries },
  'GET /api/products': { query: ProductListQuery, answer: ProductList },
  'GET /api/products/{slug}': { params: SlugParam, answer: Product },
  // Suggestions as the shopper types (docs/search.md): product, category and brand names, the matched parts marked.
  'GET /api/search/suggest': { query: SuggestQuery, answer: Suggestions },
  'POST /api/cart/add': { body: CartAddBody, answer: Cart },
  'POST /api/cart/remove': { body: CartRemoveBody, answer: Cart },
  'GET /api/cart': { query: CartQuery, answer: Cart },
  'POST /api/apply/coupon': { body: ApplyCouponBody, answer: Cart },
  'GET /api/remove/coupon': { answer: Cart },
  'POST /api/order/create': { body: OrderCreateBody, answer: OrderCreated },
  'POST /api/order/cancel/{id}': { params: IdParam, answer: Message },
  // Addresses and orders of the signed-in user (docs/product.md#account). order/create needs an Idempotency-Key header.
  'GET /api/addresses': { answer: AddressList },
  'POST /api/addresses': { body: AddressBody, answer: Address },
  'PUT /api/addresses/{id}': { params: IdParam, body: AddressBody, answer: Address },
  'DELETE /api/addresses/{id}': { params: IdParam, answer: Message },
  'GET /api/orders': { query: OrderListQuery, answer: OrderList },
  'GET /api/orders/{id}': { params: IdParam, answer: Order },
  'GET /api/orders/by-number/{ordernumber}': { params: OrderNumberParam, answer: Order },
  'POST /api/orders/{id}/retry': { params: IdParam, body: OrderRetryBody, answer: OrderCreated },
  'POST /api/orders/{id}/reorder': { params: IdParam, answer: Reordered },
  'GET /api/orders/{id}/invoice': { params: IdParam, answer: Invoice },
  // The signed-in user's details: a new phone or email takes effect once the code sent to it is entered.
  'GET /api/profile': { answer: Profile },
  'PUT /api/profile': { body: ProfileBody, answer: Profile },
  'POST /api/profile/contact': { body: ContactBody, answer: CodeSent },
  'POST /api/profile/contact/verify': { body: ContactVerifyBody, answer: Profile },
  // Paying an order online (provider: razorpay or stripe); the webhook is the providers' call, signed, with no token.
  'POST /api/payments/{provider}/start': { params: PaymentProviderParam, body: PaymentStartBody, answer: PaymentStarted },
  'POST /api/payments/{provider}/confirm': { params: PaymentProviderParam, body: PaymentConfirmBody, answer: PaymentState },
  'GET /api/payments/status/{order_id}': { params: PaymentOrderParam, answer: PaymentState },
  'POST /api/payments/{provider}/webhook': { params: PaymentProviderParam, answer: WebhookReceived },
  'POST /api/webui/create': { body: WebuiCreateBody, answer: Message },
  'POST /api/wishlist/update': { body: WishlistUpdateBody, answer: WishlistUpdated },
  'GET /api/wishlist': { answer: Wishlists },
  'POST /api/wishlistCategory': { body: WishlistCategoryBody, answer: WishlistCategory },
  'GET /api/page/data{path}': { answer: PageData },
  // Sign-in by one-time code (docs/product.md#sign-in).
  'POST /api/auth/login': { body: LoginBody, answer: CodeSent },
  'POST /api/auth/register': { body: RegisterBody, answer: CodeSent },
  'POST /api/auth/verify': { body: VerifyBody, answer: SignedIn },
  // Demo only: absent in production.
  'GET /api/dev/outbox': { answer: Outbox },
  // The browser tests assign a customer to an agent with it (there is no admin screen for it yet).
  'POST /api/dev/assign-customer': { answer: Message },
  // Website switching for super administrators (docs/product.md#sign-in).
  'GET /api/bos/websites': { answer: WebsiteList },
  'POST /api/bos/switch': { body: SwitchWebsiteBody, answer: Website },
  'POST /api/bos/websites': { body: CreateWebsiteBody, answer: Website },
  // The back office's orders and refunds (docs/back-office.md): order:view to read, order:manage to act.
  'GET /api/bos/orders': { query: BosOrderQuery, answer: BosOrderQueue },
  'GET /api/bos/orders/filters': { answer: BosQueueOptions },
  'GET /api/bos/orders/{id}': { params: IdParam, answer: BosOrderDetail },
  'POST /api/bos/orders/{id}/status': { params: IdParam, body: BosStatusBody, answer: BosMoved },
  'POST /api/bos/orders/status': { body: BosBulkStatusBody, answer: BosBulkResult },
  'POST /api/bos/orders/{id}/refunds': { params: IdParam, body: BosRefundBody, answer: BosRefund },
  'GET /api/bos/refunds': { query: BosRefundQuery, answer: BosRefundList },
  'GET /api/bos/refunds/count': { answer: BosRefundCount },
  'POST /api/bos/refunds/{id}/retry': { params: IdParam, answer: BosRefund },
  'POST /api/bos/refunds/{id}/mark-refunded': { params: IdParam, body: BosMarkRefundedBody, answer: BosRefund },
  'GET /api/bos/pick-list': { query: BosPickListQuery, answer: BosPickList },
  'GET /api/bos/packing-slips': { query: BosPackingSlipQuery, answer: BosPackingSlips },
  // The back office's delivery zones and their pincodes (docs/back-office-delivery.md): delivery:manage.
  'GET /api/bos/zones': { query: BosZoneQuery, answer: BosZoneList },
  'POST /api/bos/zones': { body: BosZoneBody, answer: BosZone },
  'GET /api/bos/zones/{id}': { params: IdParam, answer: BosZoneDetail },
  'PUT /api/bos/zones/{id}': { params: IdParam, body: BosZoneBody, answer: BosZone },
  'DELETE /api/bos/zones/{id}': { params: IdParam, answer: BosZoneRemoved },
  'GET /api/bos/zones/{id}/pincodes': { params: IdParam, query: BosZonePincodeQuery, answer: BosZonePincodes },
  'POST /api/bos/zones/{id}/pincodes': { params: IdParam, body: BosAddPincodesBody, answer: BosPincodesAdded },
  'DELETE /api/bos/zones/{id}/pincodes/{pincode}': { params: ZonePincodeParams, answer: BosZoneRemoved },
  // The shop's coupons (docs/back-office-coupons.md): coupon:manage.
  'GET /api/bos/coupons': { query: BosCouponQuery, answer: BosCouponList },
  'POST /api/bos/coupons': { body: BosCouponBody, answer: BosCouponDetail },
  'GET /api/bos/coupons/{code}': { params: BosCouponCodeParam, answer: BosCouponDetail },
  'PUT /api/bos/coupons/{code}': { params: BosCouponCodeParam, body: BosCouponBody, answer: BosCouponDetail },
  'DELETE /api/bos/coupons/{code}': { params: BosCouponCodeParam, answer: Message },
  'POST /api/bos/coupons/{code}/active': { params: BosCouponCodeParam, body: BosCouponActiveBody, answer: BosCouponDetail },
  'GET /api/bos/coupons/{code}/orders': { params: BosCouponCodeParam, query: BosCouponOrdersQuery, answer: BosCouponOrders },
  // People and the audit log (docs/back-office-people.md): people:manage.
  'GET /api/bos/users': { query: BosUserQuery, answer: BosUserList },
  'GET /api/bos/users/{id}': { params: IdParam, answer: BosUserDetail },
  'PUT /api/bos/users/{id}': { params: IdParam, body: BosUserUpdateBody, answer: BosUserDetail },
  'PUT /api/bos/customers/{id}/agent': { params: IdParam, body: BosCustomerAgentBody, answer: BosCustomerAgent },
  'GET /api/bos/audit': { query: BosAuditQuery, answer: BosAuditList },
  'GET /api/bos/audit/filters': { answer: BosAuditFilters },
  'GET /api/bos/audit/export.csv': { query: BosAuditExportQuery, answer: BosAuditCsv },
  // The back office's Catalogue section (docs/back-office-catalogue.md): catalogue:manage.
  'GET /api/bos/categories': { answer: BosCategoryTree },
  'POST /api/bos/categories': { body: BosCategoryCreateBody, answer: BosCategory },
  'POST /api/bos/categories/move': { body: BosCategoryMoveBody, answer: BosCategoryTree },
  'PUT /api/bos/categories/{id}': { params: IdParam, body: BosCategoryUpdateBody, answer: BosCategory },
  'DELETE /api/bos/categories/{id}': { params: IdParam, query: BosCategoryRemoveQuery, answer: Message },
  'GET /api/bos/brands': { query: CatalogueListQuery, answer: BosBrandList },
  'POST /api/bos/brands': { body: BosBrandBody, answer: BosBrand },
  'PUT /api/bos/brands/{id}': { params: IdParam, body: BosBrandBody, answer: BosBrand },
  'DELETE /api/bos/brands/{id}': { params: IdParam, answer: Message },
  'GET /api/bos/suppliers': { query: CatalogueListQuery, answer: BosSupplierList },
  'POST /api/bos/suppliers': { body: BosSupplierBody, answer: BosSupplier },
  'PUT /api/bos/suppliers/{id}': { params: IdParam, body: BosSupplierBody, answer: BosSupplier },
  'DELETE /api/bos/suppliers/{id}': { params: IdParam, answer: Message },
  'GET /api/bos/warehouses': { query: CatalogueListQuery, answer: BosWarehouseList },
  'POST /api/bos/warehouses': { body: BosWarehouseBody, answer: BosWarehouse },
  'PUT /api/bos/warehouses/{id}': { params: IdParam, body: BosWarehouseBody, answer: BosWarehouse },
  'DELETE /api/bos/warehouses/{id}': { params: IdParam, answer: Message },
  'GET /api/bos/synonyms': { query: CatalogueListQuery, answer: BosSynonymList },
  'POST /api/bos/synonyms': { body: BosSynonymBody, answer: BosSynonymGroup },
  'PUT /api/bos/synonyms/{no}': { params: SynonymGroupParam, body: BosSynonymBody, answer: BosSynonymGroup },
  'DELETE /api/bos/synonyms/{no}': { params: SynonymGroupParam, answer: Message },
  // The back office's products and stock (docs/back-office-products.md): catalogue:manage. Money in paise.
  'GET /api/bos/products': { query: BosProductQuery, answer: BosProductList },
  'POST /api/bos/products': { body: BosProductBody, answer: BosProduct },
  'GET /api/bos/products/options': { answer: BosProductOptions },
  'GET /api/bos/products/{id}': { params: IdParam, answer: BosProduct },
  'PUT /api/bos/products/{id}': { params: IdParam, body: BosProductBody, answer: BosProduct },
  'DELETE /api/bos/products/{id}': { params: IdParam, answer: BosProductRemoved },
  'PUT /api/bos/packs/{id}': { params: IdParam, body: BosPackQuickBody, answer: BosPack },
  'POST /api/bos/stock': { body: BosStockBody, answer: BosStockMoved },
  'GET /api/bos/stock': { query: BosStockQuery, answer: BosStockLedger },
  'GET /api/bos/stock/low': { query: BosLowStockQuery, answer: BosLowStockList },
  // The catalogue in bulk (docs/back-office-import.md): catalogue:manage. The import's body is the CSV (text/csv, at most 8 MB).
  'POST /api/bos/import': { query: ImportQuery, answer: ImportReport },
  'GET /api/bos/export.csv': { answer: CatalogueCsv },
  // Page builders (permission website_setting:view): the block schemas, as an API.
  'POST /api/pages/check': { body: PageDocument, answer: PageCheck },
  'POST /api/pages/publish': { body: PageDocument, answer: PageCheck },
  // The page builder's supplier picker (website_setting:view).
  'GET /api/pages/choices/suppliers': { query: SupplierChoiceQuery, answer: SupplierChoiceList },
  // The page builder's pages (docs/page-builder.md): website_setting:view reads, website_setting:edit changes.
  'GET /api/pages': { query: PageListQuery, answer: PageList },
  'POST /api/pages': { body: PageCreateBody, answer: PageDetail },
  'POST /api/pages/css-check': { body: PageCssCheckBody, answer: PageCssProblems },
  'GET /api/pages/{id}': { params: IdParam, answer: PageDetail },
  'PUT /api/pages/{id}/draft': { params: IdParam, body: PageDraftBody, answer: PageDraftSaved },
  'POST /api/pages/{id}/publish': { params: IdParam, body: PagePublishBody, answer: PageDetail },
  'POST /api/pages/{id}/unpublish': { params: IdParam, answer: PageDetail },
  'POST /api/pages/{id}/unschedule': { params: IdParam, answer: PageDetail },
  'POST /api/pages/{id}/discard': { params: IdParam, answer: PageDetail },
  'POST /api/pages/{id}/duplicate': { params: IdParam, body: PageCreateBody, answer: PageDetail },
  'DELETE /api/pages/{id}': { params: IdParam, answer: Message },
  'GET /api/pages/{id}/versions': { params: IdParam, answer: PageVersionList },
  'GET /api/pages/{id}/versions/{version}': { params: PageVersionParams, answer: PageDocument },
  'POST /api/pages/{id}/versions/{version}/restore': { params: PageVersionParams, answer: PageDetail },
  'GET /api/pages/{id}/preview': { params: IdParam, query: PagePreviewQuery, answer: PageData },
  // The media library (website_setting:view lists, website_setting:edit changes; docs/page-builder.md#media-library).
  'GET /api/media': { query: MediaListQuery, answer: MediaList },
  'POST /api/media': { body: MediaUploadBody, answer: MediaItem },
  'PUT /api/media/{id}': { params: IdParam, body: MediaAltBody, answer: MediaItem },
  'DELETE /api/media/{id}': { params: IdParam, answer: Message },
  'GET /api/media/files/{file}': { params: MediaFileParam, answer: MediaFile },
  // The answers to the pages' forms (docs/page-builder.md#form-responses): website_setting:view reads, :edit deletes.
  'GET /api/forms/responses': { query: FormResponseQuery, answer: FormResponseList },
  'GET /api/forms/responses/export.csv': { query: FormResponseExportQuery, answer: FormResponsesCsv },
  'DELETE /api/forms/responses/{id}': { params: IdParam, answer: Message },
  'POST /api/forms/responses/delete': { body: FormResponseDeleteBody, answer: Message },
  // The website's settings in the page builder (docs/page-builder.md#the-website): website_setting:view reads, website_setting:edit changes.
  'GET /api/site-settings': { answer: SiteSettings },
  'PUT /api/site-settings/draft': { body: SiteDraftBody, answer: PageDraftSaved },
  'POST /api/site-settings/publish': { body: SiteVersionBody, answer: SiteSettings },
  'POST /api/site-settings/discard': { body: SiteVersionBody, answer: SiteSettings },
  'GET /api/site-settings/versions': { answer: SiteVersionList },
  'POST /api/site-settings/versions/{version}/restore': { params: SiteVersionParams, answer: SiteSettings },
  // Search synonyms of the website (permission website_setting:view; docs/search.md).
  'GET /api/search/synonyms': { answer: SynonymGroups },
  'PUT /api/search/synonyms': { body: SynonymGroups, answer: SynonymGroups },
  // Sales agents only (docs/sales-agents.md): their figures, customers and orders, and ordering for a customer.
  'GET /api/agent/summary': { query: PeriodQuery, answer: AgentSummary },
  'GET /api/agent/sales': { query: PeriodQuery, answer: AgentSales },
  'GET /api/agent/top': { query: AgentTopQuery, answer: AgentTop },
  'GET /api/agent/customers': { query: AgentCustomerQuery, answer: AgentCustomerList },
  'GET /api/agent/customers/{id}': { params: IdParam, answer: AgentCustomer },
  'GET /api/agent/orders': { query: AgentOrderQuery, answer: AgentOrderList },
  'GET /api/agent/orders/{id}': { params: IdParam, answer: AgentOrder },
  'GET /api/agent/customers/{id}/cart': { params: IdParam, query: AgentCartQuery, answer: Cart },
  'POST /api/agent/customers/{id}/cart/add': { params: IdParam, query: AgentCartQuery, body: CartAddBody, answer: Cart },
  'POST /api/agent/customers/{id}/cart/remove': { params: IdParam, query: AgentCartQuery, body: CartRemoveBody, answer: Cart },
  'GET /api/agent/customers/{id}/addresses': { params: IdParam, answer: AddressList },
  'POST /api/agent/customers/{id}/addresses': { params: IdParam, body: AddressBody, answer: Address },
  'POST /api/agent/customers/{id}/order': { params: IdParam, body: AgentOrderBody, answer: AgentOrderPlaced },
  // The point of sale (docs/pos.md): holders of pos_access:view; the tills' list for the back office (order:manage).
  'GET /api/pos/counter': { answer: PosCounter },
  'POST /api/pos/tills': { body: PosTillOpenBody, answer: PosTill },
  'GET /api/pos/tills/{id}': { params: IdParam, answer: PosTillWithReport },
  'POST /api/pos/tills/{id}/close': { params: IdParam, body: PosTillCloseBody, answer: PosZReport },
  'POST /api/pos/sales': { body: PosSaleBody, answer: PosSale },
  'POST /api/pos/quote': { body: PosQuoteBody, answer: PosQuote },
  'GET /api/pos/sales': { query: PosSaleListQuery, answer: PosSaleList },
  'GET /api/pos/sales/{id}': { params: IdParam, answer: PosSale },
  'POST /api/pos/sales/{id}/upi': { params: IdParam, answer: PosSale },
  'POST /api/pos/sales/{id}/upi/cancel': { params: IdParam, body: PosUpiCancelBody, answer: PosSale },
  'POST /api/pos/sales/{id}/returns': { params: IdParam, body: PosReturnBody, answer: PosReturn },
  'GET /api/pos/catalogue': { query: PosCatalogueQuery, answer: PosCatalogue },
  'GET /api/pos/packs': { query: PosPackQuery, answer: PosPack },
  // The shop's own search at a till (docs/pos.md#calls): the packs of the till's warehouse it finds.
  'GET /api/pos/search': { query: PosSearchQuery, answer: PosSearch },
  'GET /api/bos/pos/tills': { query: PosTillListQuery, answer: PosTillList },
  'GET /api/bos/pos/tills/{id}': { params: IdParam, answer: PosTillWithReport },
  // A POS sale's receipt by the link sent to the customer (no sign-in; docs/pos.md#the-receipt-link).
  'GET /api/receipts/{token}': { params: PosReceiptParams, answer: PosReceipt },
  // The shop's sales figures by channel (order:manage; docs/back-office.md#sales-figures).
  'GET /api/bos/sales': { query: BosSalesQuery, answer: BosSalesFigures },
  // For crawlers (docs/crawlers.md), served by the storefront at /robots.txt, /sitemap.xml, /sitemap-{n}.xml, /favicon.ico.
  'GET /api/crawlers/robots.txt': { answer: CrawlerText },
  'GET /api/crawlers/sitemap.xml': { answer: CrawlerText },
  'GET /api/crawlers/sitemap/{n}': { params: SitemapFileParam, answer: CrawlerText },
  'GET /api/crawlers/favicon.ico': { answer: CrawlerRedirect },
} as const satisfies Record<string, Call>;
