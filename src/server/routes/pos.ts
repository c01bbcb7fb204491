import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { IdParam, IDEMPOTENCY_HEADER, idempotencyHeaders } from '../../contract';
import {
  POS_MAX_LINES,
  POS_MAX_PAYMENTS,
  POS_MAX_QUANTITY,
  POS_SEARCH_MAX,
  PosCatalogue,
  PosCounter,
  PosCatalogueQuery,
  PosPack,
  PosPackQuery,
  PosQuote,
  PosQuoteBody,
  PosReceipt,
  PosReceiptParams,
  PosReturn,
  PosReturnBody,
  PosSale,
  PosSaleBody,
  PosSaleList,
  PosSaleListQuery,
  PosSearch,
  PosSearchQuery,
  PosTill,
  PosTillCloseBody,
  PosTillList,
  PosTillListQuery,
  PosTillOpenBody,
  PosTillWithReport,
  PosUpiCancelBody,
  PosZReport,
} from '../../contract/pos';
import type { AppEnv } from '../env';
import { hasPermission, requirePermission, requireTillReportStaff, staffOf } from '../http/guards';
import { errorResponses, jsonAnswer, jsonBody, router } from '../http/router';
import { requestOrigin } from '../http/session';
import { posCatalogue, posPackByBarcode, posSearch } from '../pos/catalogue';
import { receiptByToken } from '../pos/receipt';
import { createReturn } from '../pos/returns';
import { quoteTicket } from '../pos/quote';
import { findSales } from '../pos/sale-view';
import { createSale } from '../pos/sales';
import { closeTill, counter, listTills, openTill, tillShown } from '../pos/tills';
import { cancelUpi, renewQrs, saleWithUpi, UPI_ASK_EVERY_MS } from '../pos/upi';

/**
 * The point of sale (docs/pos.md): tills, sales, returns and the till's offline catalogue for holders of
 * pos_access:view; the tills and their Z-reports for the back office (order:manage).
 */
export const posRoutes = router();
for (const path of ['/pos/*']) posRoutes.use(path, requirePermission('pos_access:view'));
for (const path of ['/bos/pos/*']) posRoutes.use(path, requireTillReportStaff);

const TAGS = ['pos'];
const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-store');

posRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/pos/tills',
    tags: TAGS,
    summary: "Opens a till at a warehouse (the shop's counter) with the cash in its drawer",
    request: jsonBody(PosTillOpenBody),
    responses: { 201: jsonAnswer(PosTill, 'The till, open'), ...errorResponses([400, 401, 403, 422]) },
  }),
  async (c) => c.json(await openTill(c.var.deps.db.kysely, staffOf(c), c.req.valid('json')), 201),
);

posRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/pos/counter',
    tags: TAGS,
    summary: "The till screen's start: the warehouses, the tills this staff member left open, the shop's GSTIN",
    responses: { 200: jsonAnswer(PosCounter, 'The counter'), ...errorResponses([401, 403]) },
  }),
  async (c) => {
    noStore(c);
    return c.json(await counter(c.var.deps.db.kysely, staffOf(c), c.var.deps.config.shopGstin), 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/pos/tills/{id}',
    tags: TAGS,
    summary: 'One till, with its Z-report once closed',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(PosTillWithReport, 'The till'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    noStore(c);
    return c.json(await tillShown(c.var.deps.db.kysely, c.var.website.id, c.req.valid('param').id), 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/pos/tills/{id}/close',
    tags: TAGS,
    summary: 'Closes a till with the cash counted: answers the Z-report, stored on the till',
    description: 'Sales by payment mode; cash expected (opening cash + cash sales − cash refunds) against counted, and the difference.',
    request: { params: IdParam, ...jsonBody(PosTillCloseBody) },
    responses: { 200: jsonAnswer(PosZReport, 'The Z-report'), ...errorResponses([400, 401, 403, 404, 409]) },
  }),
  async (c) => c.json(await closeTill(c.var.deps.db.kysely, c.var.deps.db.dialect, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

posRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/pos/sales',
    tags: TAGS,
    summary: 'Records a sale at a till, once per Idempotency-Key',
    description:
      "Priced on the server at the packs' prices; line discounts within the cashier's limit; the shop's coupon rules. Paid in cash (tendered, change due), " +
      'UPI (pending until the provider says it was paid: each UPI payment gets a single-use QR code of the provider for its exact amount), card (with the terminal\'s reference) or split. An order of channel pos, delivered at once, its goods ' +
      'taken from the till\'s warehouse through the stock ledger; a sale the ledger is short for is recorded and flagged stock_short. The same key answers the same sale (200). ' +
      `At most ${POS_MAX_LINES} lines of at most ${POS_MAX_QUANTITY} each, and ${POS_MAX_PAYMENTS} payments.`,
    request: { headers: idempotencyHeaders('order'), ...jsonBody(PosSaleBody) },
    responses: {
      201: jsonAnswer(PosSale, 'Recorded'),
      200: jsonAnswer(PosSale, 'Recorded earlier with this Idempotency-Key'),
      ...errorResponses([400, 401, 403, 404, 409, 422]),
    },
  }),
  async (c) => {
    const user = c.var.user!;
    const { created, sale } = await createSale(c.var.deps, c.var.payments, {
      cashier: { ...staffOf(c), mayDiscountAll: hasPermission(user, 'order:manage') },
      idempotencyKey: c.req.valid('header')[IDEMPOTENCY_HEADER.toLowerCase()]!,
      body: c.req.valid('json'),
      origin: requestOrigin(c),
    });
    return created ? c.json(sale, 201) : c.json(sale, 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/pos/quote',
    tags: TAGS,
    summary: 'Prices a ticket as the sale would record it (lines, discounts, coupon, total), writing nothing',
    description:
      "The same pricing as POST /pos/sales: the packs' prices now, line discounts within the cashier's limit (422 over it), the shop's coupon rules. " +
      'A coupon the rules refuse is answered in coupon_refused with their reason, and the total is without it.',
    request: jsonBody(PosQuoteBody),
    responses: { 200: jsonAnswer(PosQuote, 'The ticket priced'), ...errorResponses([400, 401, 403, 404, 409, 422]) },
  }),
  async (c) => {
    noStore(c);
    const cashier = { ...staffOf(c), mayDiscountAll: hasPermission(c.var.user!, 'order:manage') };
    return c.json(await quoteTicket(c.var.deps, cashier, c.req.valid('json')), 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/pos/sales',
    tags: TAGS,
    summary: "A sale by its order number, or a till's latest 20 sales, newest first (to take a return)",
    request: { query: PosSaleListQuery },
    responses: { 200: jsonAnswer(PosSaleList, 'Sales'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    noStore(c);
    return c.json(await findSales(c.var.deps.db.kysely, c.var.website.id, c.req.valid('query')), 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/pos/sales/{id}',
    tags: TAGS,
    summary: 'One sale (its order id), as the sale call answered it, with what returns took back; the till polls it while UPI waits',
    description: `While a UPI payment waits, the payment provider is asked about its QR code (at most every ${UPI_ASK_EVERY_MS / 1000} s) and a payment it took is applied; otherwise the sale as recorded.`,
    request: { params: IdParam },
    responses: { 200: jsonAnswer(PosSale, 'The sale'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    noStore(c);
    return c.json(await saleWithUpi(c.var.deps, c.var.payments, c.var.website.id, c.req.valid('param').id), 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/pos/sales/{id}/upi',
    tags: TAGS,
    summary: "A new UPI QR code for each waiting UPI payment that has none (the provider was down) or whose code closed unpaid",
    request: { params: IdParam },
    responses: { 200: jsonAnswer(PosSale, 'The sale with its QR codes'), ...errorResponses([400, 401, 403, 404, 409, 422, 502]) },
  }),
  async (c) => c.json(await renewQrs(c.var.deps, c.var.payments, c.var.website.id, c.req.valid('param').id), 200),
);

posRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/pos/sales/{id}/upi/cancel',
    tags: TAGS,
    summary: 'Gives up waiting for a UPI payment: its QR codes closed at the provider, then the sale cancelled or the UPI part taken in cash',
    description: 'A payment the provider took before its code closed pays the sale: 409. The provider unreachable: 502, nothing changed.',
    request: { params: IdParam, ...jsonBody(PosUpiCancelBody) },
    responses: { 200: jsonAnswer(PosSale, 'The sale, cancelled or paid in cash'), ...errorResponses([400, 401, 403, 404, 409, 422, 502]) },
  }),
  async (c) => c.json(await cancelUpi(c.var.deps, c.var.payments, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
);

posRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/pos/sales/{id}/returns',
    tags: TAGS,
    summary: 'Takes back some lines or quantities of a sale: the goods back to stock, the money back recorded as a refund',
    request: { params: IdParam, ...jsonBody(PosReturnBody) },
    responses: { 201: jsonAnswer(PosReturn, 'The return'), ...errorResponses([400, 401, 403, 404, 409, 422]) },
  }),
  async (c) => c.json(await createReturn(c.var.deps, c.var.payments, staffOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
);

posRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/pos/catalogue',
    tags: TAGS,
    summary: "What a till keeps offline: the packs of its warehouse; with since, only what changed and the ids removed",
    request: { query: PosCatalogueQuery },
    responses: { 200: jsonAnswer(PosCatalogue, 'Packs'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    noStore(c);
    return c.json(await posCatalogue(c.var.deps.db.kysely, c.var.website.id, c.req.valid('query')), 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/pos/search',
    tags: TAGS,
    summary: "The shop's own search (synonyms, corrections, Hindi words) over the packs on sale in the till's warehouse",
    description: `The listing's q, planned and ordered as there; the matching products' packs in the till's warehouse, at most ${POS_SEARCH_MAX}.`,
    request: { query: PosSearchQuery },
    responses: { 200: jsonAnswer(PosSearch, 'Packs, best first'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    noStore(c);
    return c.json(await posSearch(c.var.deps.db, c.var.website.id, c.req.valid('query')), 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/pos/packs',
    tags: TAGS,
    summary: "One pack by its EAN-13 barcode in the till's warehouse; 404 when unknown",
    request: { query: PosPackQuery },
    responses: { 200: jsonAnswer(PosPack, 'The pack'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    noStore(c);
    return c.json(await posPackByBarcode(c.var.deps.db.kysely, c.var.website.id, c.req.valid('query')), 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/pos/tills',
    tags: ['bos'],
    summary: "The website's tills, newest first, each with its Z-report once closed (staff with order:manage)",
    request: { query: PosTillListQuery },
    responses: { 200: jsonAnswer(PosTillList, 'Tills'), ...errorResponses([400, 401, 403]) },
  }),
  async (c) => {
    noStore(c);
    return c.json(await listTills(c.var.deps.db.kysely, c.var.website.id, c.req.valid('query')), 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/bos/pos/tills/{id}',
    tags: ['bos'],
    summary: 'One till of the website, with its Z-report once closed (staff with order:manage)',
    request: { params: IdParam },
    responses: { 200: jsonAnswer(PosTillWithReport, 'The till'), ...errorResponses([400, 401, 403, 404]) },
  }),
  async (c) => {
    noStore(c);
    return c.json(await tillShown(c.var.deps.db.kysely, c.var.website.id, c.req.valid('param').id), 200);
  },
);

posRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/receipts/{token}',
    tags: TAGS,
    summary: "A sale's receipt by the link sent to the customer's phone: no sign-in, the long random token is the key",
    description: 'The shop, its GSTIN when set, the bill, lines, totals and payments. An unknown or malformed token is a 404.',
    request: { params: PosReceiptParams },
    responses: { 200: jsonAnswer(PosReceipt, 'The receipt'), ...errorResponses([400, 404]) },
  }),
  async (c) => {
    noStore(c);
    c.header('X-Robots-Tag', 'noindex');
    c.header('Referrer-Policy', 'no-referrer');
    return c.json(await receiptByToken(c.var.deps.db.kysely, c.var.website.id, c.req.valid('param').token, c.var.deps.config.shopGstin), 200);
  },
);
