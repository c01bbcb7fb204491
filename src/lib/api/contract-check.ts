import {
  Address, AddressList, AgentCustomer, AgentCustomerList, AgentOrder, AgentOrderList, AgentOrderPlaced, AgentSales, AgentSummary, AgentTop, Cart, CodeSent, Init, Invoice, Message, Ok, Order, OrderCreated, OrderList, Outbox, PageData, PageDocument, PaymentStarted, PaymentState,
  Deliveries, PincodeCheck, Product, ProductList, Profile, Reordered, SignedIn, Website, WebsiteList, WishlistCategory, WishlistUpdated, Wishlists,
} from '../../contract';
import { BosBulkResult, BosMoved, BosOrderDetail, BosOrderQueue, BosQueueOptions, BosRefundCount, BosRefund, BosRefundList } from '../../contract/bos-orders';
import { BosBrand, BosBrandList, BosCategory, BosCategoryTree, BosSupplier, BosSupplierList, BosSynonymGroup, BosSynonymList, BosWarehouse, BosWarehouseList } from '../../contract/bos-catalogue';
import { BosPackingSlips, BosPickList } from '../../contract/bos-print';
import { BosPincodesAdded, BosZone, BosZoneDetail, BosZoneList, BosZonePincodes, BosZoneRemoved } from '../../contract/bos-delivery';
import { BosCouponDetail, BosCouponList, BosCouponOrders } from '../../contract/bos-coupons';
import { BosAuditFilters, BosAuditList, BosCustomerAgent, BosUserDetail, BosUserList } from '../../contract/bos-people';
import { BosLowStockList, BosPack, BosProduct, BosProductList, BosProductOptions, BosProductRemoved, BosStockLedger, BosStockMoved } from '../../contract/bos-products';
import { ImportReport } from '../../contract/bos-import';
import { BosSalesFigures } from '../../contract/bos-sales';
import { PosReceipt, PosTillList, PosTillWithReport } from '../../contract/pos';
import { FormResponseList, MediaItem, MediaList, PageDetail, PageDraftSaved, PageList, PageVersionList, SupplierChoiceList, PageCssProblems } from '../../contract/page-builder';
import { SiteSettings, SiteVersionList } from '../../contract/site-settings';
import type { AnswerSchemas, CheckAnswer } from './client';

/** The contract's schema of each answer the client expects. */
const ANSWERS = {
  FormResponseList, MediaItem, MediaList, PageDetail, PageDocument, PageDraftSaved, PageList, PageVersionList, SupplierChoiceList, PageCssProblems, SiteSettings, SiteVersionList,
  BosLowStockList, BosPack, BosProduct, BosProductList, BosProductOptions, BosProductRemoved, BosStockLedger, BosStockMoved,
  BosBulkResult, BosMoved, BosOrderDetail, BosOrderQueue, BosQueueOptions, BosRefundCount, BosRefund, BosRefundList, BosPackingSlips, BosPickList,
  BosZone, BosZoneDetail, BosZoneList, BosZonePincodes, BosPincodesAdded, BosZoneRemoved,
  BosCouponDetail, BosCouponList, BosCouponOrders,
  BosBrand, BosBrandList, BosCategory, BosCategoryTree, BosSupplier, BosSupplierList, BosSynonymGroup, BosSynonymList, BosWarehouse, BosWarehouseList,
  ImportReport,
  BosSalesFigures, PosReceipt, PosTillList, PosTillWithReport,
  Address, AddressList, AgentCustomer, AgentCustomerList, AgentOrder, AgentOrderList, AgentOrderPlaced, AgentSales, AgentSummary, AgentTop, Cart, CodeSent, Init, Invoice, Message, Ok, Order, OrderCreated, OrderList, Outbox, PageData, PaymentStarted, PaymentState,
  Deliveries, PincodeCheck, Product, ProductList, Profile, Reordered, SignedIn, Website, WebsiteList, WishlistCategory, WishlistUpdated, Wishlists,
  BosAuditFilters, BosAuditList, BosCustomerAgent, BosUserDetail, BosUserList,
} satisfies AnswerSchemas;

/** Parses an answer with its contract schema (defaults filled in): the check of the server's client and of tests. */
export const parseWithContract: CheckAnswer = (name, body) => {
  const parsed = ANSWERS[name].safeParse(body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, issues: parsed.error.issues };
};
