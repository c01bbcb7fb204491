/**
 * The point of sale (docs/pos.md): tills, sales at the counter, their returns, the till's offline catalogue and the
 * Z-report. Money is rupees at this edge (at most two decimals), integer paise inside, as everywhere in the API.
 * Names are one per thing in every layer: till, sale, sale line, payment, return, Z-report.
 */
import { z } from 'zod';
import { CalendarDate, Id, pagingQuery, Rupees } from './common';
import { Text } from './rules';

/** How a sale is paid: cash in the drawer, UPI through the payment provider, a card on the shop's own terminal. */
export const POS_PAYMENT_MODES = ['cash', 'upi', 'card'] as const;
export type PosPaymentMode = (typeof POS_PAYMENT_MODES)[number];

/**
 * The most a cashier may take off one line, in percent of the line (price × quantity); staff who also hold
 * order:manage (or a super administrator) may take off up to the whole line.
 */
export const POS_LINE_DISCOUNT_MAX_PERCENT = 10;
/** The most lines one sale (or one return) may carry, and the most payments one sale may be split into. */
export const POS_MAX_LINES = 200;
export const POS_MAX_PAYMENTS = 5;
/** The most of one pack one line may sell. */
export const POS_MAX_QUANTITY = 999;
/** The largest amount the POS takes in one field: ₹10,00,000. */
const MAX_RUPEES = 1_000_000;

/** An amount in rupees that arrives from a till: a number from 0, at most two decimals. */
const RupeesIn = (label: string) =>
  z
    .number({ error: `${label} must be an amount in rupees` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_RUPEES, `${label} can be at most ₹10,00,000`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} can have at most two decimals`)
    .meta({ description: 'Amount in rupees (INR), at most two decimals' });

const Person = z.object({ id: z.number().int(), name: z.string() });
const Warehouse = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

// ---------------------------------------------------------------------------------------------- tills

export const PosTillOpenBody = z
  .object({
    warehouse_id: Id.meta({ description: "The shop's counter: the warehouse its sales take stock from" }),
    opening_cash: RupeesIn('Opening cash'),
  })
  .meta({ id: 'PosTillOpenBody' });
export type PosTillOpenBody = z.infer<typeof PosTillOpenBody>;

export const PosTill = z
  .object({
    id: z.number().int(),
    warehouse: Warehouse,
    status: z.enum(['open', 'closed']),
    opening_cash: Rupees,
    opened_at: z.string(),
    opened_by: Person,
    closed_at: z.string().nullable(),
    closed_by: Person.nullable(),
  })
  .meta({ id: 'PosTill' });
export type PosTill = z.infer<typeof PosTill>;

export const PosTillCloseBody = z
  .object({
    counted_cash: RupeesIn('Counted cash'),
    note: Text('Note', { max: 500 }).optional(),
  })
  .meta({ id: 'PosTillCloseBody' });
export type PosTillCloseBody = z.infer<typeof PosTillCloseBody>;

/** One payment mode's figures on a till: what sales took and returns gave back (paid or refunded only). */
const PosModeFigures = z.object({ mode: z.enum(POS_PAYMENT_MODES), sales: Rupees, refunds: Rupees, net: Rupees });

/** The Z-report: the till's day, stored when it is closed and answered as it was then. */
export const PosZReport = z
  .object({
    till_id: z.number().int(),
    warehouse: Warehouse,
    opened_at: z.string(),
    closed_at: z.string(),
    opened_by: Person,
    closed_by: Person,
    sales_count: z.number().int(),
    returns_count: z.number().int(),
    /** Sales flagged stock short (sold while the ledger had fewer than sold). */
    stock_short_count: z.number().int(),
    /** UPI payments the provider had not confirmed when the till closed: not counted in by_mode. */
    awaiting_upi: Rupees,
    by_mode: z.array(PosModeFigures),
    opening_cash: Rupees,
    cash_sales: Rupees,
    cash_refunds: Rupees,
    /** opening_cash + cash_sales − cash_refunds (cash_sales net of change given). */
    cash_expected: Rupees,
    counted_cash: Rupees,
    /** counted_cash − cash_expected: below 0 the drawer is short. */
    difference: Rupees,
    note: z.string().nullable(),
  })
  .meta({ id: 'PosZReport' });
export type PosZReport = z.infer<typeof PosZReport>;

export const PosTillListQuery = z
  .object({
    ...pagingQuery(20),
    status: z.enum(['open', 'closed'], { error: 'status must be open or closed' }).optional(),
    warehouse_id: Id.optional(),
    /** Tills opened on this India calendar day (YYYY-MM-DD). */
    date: CalendarDate('date').optional(),
  })
  .meta({ id: 'PosTillListQuery' });
export type PosTillListQuery = z.infer<typeof PosTillListQuery>;

export const PosTillWithReport = PosTill.extend({ report: PosZReport.nullable() }).meta({ id: 'PosTillWithReport' });
export type PosTillWithReport = z.infer<typeof PosTillWithReport>;

export const PosTillList = z
  .object({ data: z.array(PosTillWithReport), meta: z.object({ total: z.number().int() }) })
  .meta({ id: 'PosTillList' });
export type PosTillList = z.infer<typeof PosTillList>;

/**
 * What the till's screen needs before a till is open: the warehouses it may open one at, the tills this staff
 * member left open on this website (the screen resumes one), and the shop's GSTIN for receipts.
 */
export const PosCounter = z
  .object({
    warehouses: z.array(Warehouse),
    open_tills: z.array(PosTill),
    gstin: z.string().nullable(),
  })
  .meta({ id: 'PosCounter' });
export type PosCounter = z.infer<typeof PosCounter>;

// ---------------------------------------------------------------------------------------------- sales

export const PosSaleLineBody = z.object({
  pack_id: Id,
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(POS_MAX_QUANTITY, `Quantity can be at most ${POS_MAX_QUANTITY}`),
  /** Rupees off this line (its price × quantity), within the cashier's limit (POS_LINE_DISCOUNT_MAX_PERCENT). */
  discount: RupeesIn('Line discount').optional(),
});
export type PosSaleLineBody = z.infer<typeof PosSaleLineBody>;

export const PosPaymentBody = z.object({
  mode: z.enum(POS_PAYMENT_MODES, { error: `mode must be one of ${POS_PAYMENT_MODES.join(', ')}` }),
  /** Cash: what the customer tendered (change is given back from it); UPI and card: the amount charged. */
  amount: RupeesIn('Amount'),
  /** The card terminal's reference (required for a card), or any note of the payment. */
  reference: Text('Reference', { max: 100 }).optional(),
});
export type PosPaymentBody = z.infer<typeof PosPaymentBody>;

export const PosSaleBody = z
  .object({
    till_id: Id,
    lines: z.array(PosSaleLineBody).min(1, 'A sale needs at least one line').max(POS_MAX_LINES, `A sale can have at most ${POS_MAX_LINES} lines`),
    payments: z.array(PosPaymentBody).min(1, 'A sale needs at least one payment').max(POS_MAX_PAYMENTS, `A sale can be split into at most ${POS_MAX_PAYMENTS} payments`),
    /** The customer's 10-digit phone: the sale is linked to their account when one exists. */
    phone: z.string().regex(/^[6-9]\d{9}$/, 'Phone must be a 10-digit mobile number').optional(),
    coupon: Text('Coupon', { max: 40 }).optional(),
    note: Text('Note', { max: 500 }).optional(),
  })
  .meta({ id: 'PosSaleBody' });
export type PosSaleBody = z.infer<typeof PosSaleBody>;

export const PosSaleLine = z.object({
  line_id: z.number().int(),
  pack_id: z.number().int(),
  name: z.string(),
  pack: z.string(),
  quantity: z.number().int(),
  price: Rupees,
  /** Line discount and this line's share of the coupon. */
  discount: Rupees,
  /** price × quantity − discount. */
  amount: Rupees,
  /** How many of it returns have taken back. */
  returned: z.number().int(),
  /** What returns have given back for it so far. */
  refunded: Rupees,
});
export type PosSaleLine = z.infer<typeof PosSaleLine>;

/**
 * A UPI payment's QR code: single-use, for exactly the payment's amount, made by the payment provider (the simulator
 * in demo mode). The till draws `intent` (the upi:// text) as a QR code, or shows the provider's `image_url`.
 */
export const PosUpiQr = z.object({
  /** The provider's QR code (Razorpay qr_…). */
  id: z.string(),
  /** The upi:// text the QR encodes, when the provider answers it (the simulator does). */
  intent: z.string().nullable(),
  /** The provider's image of the QR code (Razorpay: a short link to it). */
  image_url: z.string().nullable(),
  /** When the provider closes it unpaid; a new one is asked for with POST /pos/sales/{id}/upi. */
  close_by: z.string().nullable(),
  /** Demo mode only: the simulator's page where the customer's UPI app "pays" it. */
  pay_page: z.string().nullable(),
});
export type PosUpiQr = z.infer<typeof PosUpiQr>;

export const PosPayment = z.object({
  id: z.number().int(),
  mode: z.enum(POS_PAYMENT_MODES),
  /** What the payment settles of the total (cash: net of the change given). */
  amount: Rupees,
  /** Cash only: what the customer handed over. */
  tendered: Rupees.nullable(),
  reference: z.string().nullable(),
  /** paid; pending: a UPI payment waiting for the provider's word (never the cashier's); cancelled: a UPI wait given up. */
  state: z.enum(['paid', 'pending', 'cancelled']),
  /** UPI: its QR code once the provider made it (null while it could not be reached: ask again with POST …/upi). */
  qr: PosUpiQr.nullable(),
});
export type PosPayment = z.infer<typeof PosPayment>;

export const PosSale = z
  .object({
    order_id: z.number().int(),
    ordernumber: z.string(),
    till_id: z.number().int(),
    status: z.string(),
    customer: Person.nullable(),
    lines: z.array(PosSaleLine),
    amount: Rupees,
    discount: Rupees,
    total: Rupees,
    offercode: z.string().nullable(),
    payments: z.array(PosPayment),
    /** paid: every payment is; awaiting: a UPI payment waits for the provider; cancelled: the sale was cancelled. */
    payment_state: z.enum(['paid', 'awaiting', 'cancelled']),
    change_due: Rupees,
    /** The ledger had fewer than sold (a sale queued offline): recorded anyway, flagged for the back office. */
    stock_short: z.boolean(),
    note: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PosSale' });
export type PosSale = z.infer<typeof PosSale>;

/**
 * The till gives up waiting for a sale's UPI payment (the customer cannot pay): its QR codes are closed at the
 * provider first, so no payment can arrive after; then the sale is cancelled (its goods back to stock) or the UPI
 * part is taken in cash instead (`tendered`, by default exactly the UPI amount; change is given back from it).
 */
export const PosUpiCancelBody = z
  .object({
    then: z.enum(['cancel', 'cash'], { error: 'then must be cancel or cash' }),
    tendered: RupeesIn('Cash tendered').optional(),
  })
  .meta({ id: 'PosUpiCancelBody' });
export type PosUpiCancelBody = z.infer<typeof PosUpiCancelBody>;

/** What a ticket would come to before it is sold: the sale's lines, phone and coupon, nothing written. */
export const PosQuoteBody = z
  .object({
    till_id: Id,
    lines: PosSaleBody.shape.lines,
    phone: PosSaleBody.shape.phone,
    coupon: PosSaleBody.shape.coupon,
  })
  .meta({ id: 'PosQuoteBody' });
export type PosQuoteBody = z.infer<typeof PosQuoteBody>;

/** The ticket priced as the sale would record it (POST /pos/quote): the same function prices both. */
export const PosQuote = z
  .object({
    till_id: z.number().int(),
    lines: z.array(
      z.object({
        pack_id: z.number().int(),
        name: z.string(),
        pack: z.string(),
        quantity: z.number().int(),
        price: Rupees,
        /** The cashier's discount on the line. */
        line_discount: Rupees,
        /** The line's share of the coupon. */
        coupon_discount: Rupees,
        /** price × quantity − both discounts. */
        amount: Rupees,
      }),
    ),
    /** Price × quantity of every line. */
    amount: Rupees,
    line_discount: Rupees,
    /** The coupon applied, and what it takes off; null without one or when it is refused. */
    coupon: z.object({ code: z.string(), discount: Rupees }).nullable(),
    /** The coupon asked for that the shop's rules refuse, with their reason: the total is without it. */
    coupon_refused: z.object({ code: z.string(), reason: z.string() }).nullable(),
    /** Line discounts and coupon together, as the sale records them. */
    discount: Rupees,
    total: Rupees,
    /** The account of the phone given, when there is one. */
    customer: Person.nullable(),
  })
  .meta({ id: 'PosQuote' });
export type PosQuote = z.infer<typeof PosQuote>;

/** Finding a sale to take a return of: by its order number (typed or from the bill), or a till's latest sales. */
export const PosSaleListQuery = z
  .object({
    till_id: Id.optional(),
    ordernumber: Text('Order number', { max: 40 }).optional(),
  })
  .meta({ id: 'PosSaleListQuery' });
export type PosSaleListQuery = z.infer<typeof PosSaleListQuery>;

export const PosSaleSummary = z.object({
  order_id: z.number().int(),
  ordernumber: z.string(),
  till_id: z.number().int(),
  status: z.string(),
  total: Rupees,
  /** Units sold and units returns have taken back so far. */
  items: z.number().int(),
  returned: z.number().int(),
  created_at: z.string(),
});
export type PosSaleSummary = z.infer<typeof PosSaleSummary>;

export const PosSaleList = z.object({ data: z.array(PosSaleSummary) }).meta({ id: 'PosSaleList' });
export type PosSaleList = z.infer<typeof PosSaleList>;

// ---------------------------------------------------------------------------------------------- returns

export const PosReturnBody = z
  .object({
    /** The open till whose drawer the money leaves; by default the sale's own till (refused once it is closed). */
    till_id: Id.optional(),
    lines: z
      .array(z.object({ line_id: Id, quantity: PosSaleLineBody.shape.quantity }))
      .min(1, 'A return needs at least one line')
      .max(POS_MAX_LINES, `A return can have at most ${POS_MAX_LINES} lines`),
    /** How the money goes back; by default the way it came (cash for a cash sale, the provider for UPI). */
    refund_mode: z.enum(POS_PAYMENT_MODES, { error: `refund_mode must be one of ${POS_PAYMENT_MODES.join(', ')}` }).optional(),
    note: Text('Note', { max: 500 }).optional(),
  })
  .meta({ id: 'PosReturnBody' });
export type PosReturnBody = z.infer<typeof PosReturnBody>;

export const PosReturn = z
  .object({
    return_id: z.number().int(),
    order_id: z.number().int(),
    till_id: z.number().int(),
    lines: z.array(z.object({ line_id: z.number().int(), pack_id: z.number().int(), quantity: z.number().int(), amount: Rupees })),
    amount: Rupees,
    refund_mode: z.enum(POS_PAYMENT_MODES),
    /** processed: cash or card given back at the counter, or the provider's refund done; pending: the provider has not
     * answered yet (the shop sends it again); failed: the provider refused it (give it back by hand). */
    refund_state: z.enum(['processed', 'pending', 'failed']),
    created_at: z.string(),
  })
  .meta({ id: 'PosReturn' });
export type PosReturn = z.infer<typeof PosReturn>;

// ---------------------------------------------------------------------------------------------- catalogue

const EAN13 = /^\d{13}$/;

export const PosCatalogueQuery = z
  .object({
    till_id: Id,
    /** The `as_of` of an earlier answer: only what changed since, and the ids removed. */
    since: z.iso.datetime({ error: 'since must be an ISO date and time (an earlier answer\'s as_of)' }).optional(),
  })
  .meta({ id: 'PosCatalogueQuery' });
export type PosCatalogueQuery = z.infer<typeof PosCatalogueQuery>;

export const PosPack = z
  .object({
    pack_id: z.number().int(),
    product_id: z.number().int(),
    product_name: z.string(),
    product_name_hi: z.string().nullable(),
    pack_name: z.string(),
    barcode: z.string().nullable(),
    price: Rupees,
    mrp: Rupees,
    stock: z.number().int(),
    image: z.string().nullable(),
  })
  .meta({ id: 'PosPack' });
export type PosPack = z.infer<typeof PosPack>;

export const PosCatalogue = z
  .object({
    packs: z.array(PosPack),
    /** Pack ids the till should drop (no longer sold); only with since. */
    removed: z.array(z.number().int()),
    /** Send it back as since next time. */
    as_of: z.string(),
    /**
     * The quick picks' pack ids, best first, at most POS_QUICK_PICKS: the packs this warehouse's tills sold most
     * (units) over the last 30 days, then those the website sold most; packs on sale in the warehouse only. In
     * every answer, full or not: the till keeps the latest with its packs.
     */
    frequent: z.array(z.number().int()),
  })
  .meta({ id: 'PosCatalogue' });
export type PosCatalogue = z.infer<typeof PosCatalogue>;

/** The quick picks a till shows, and the most packs the shop's search answers a till. */
export const POS_QUICK_PICKS = 12;
export const POS_SEARCH_MAX = 20;
/** The longest search text a till sends. */
export const POS_SEARCH_TEXT_MAX = 100;

/** The shop's search from a till: its text, as the listing's q takes it. */
export const PosSearchQuery = z
  .object({
    till_id: Id,
    q: Text('Search', { max: POS_SEARCH_TEXT_MAX, required: true }),
  })
  .meta({ id: 'PosSearchQuery' });
export type PosSearchQuery = z.infer<typeof PosSearchQuery>;

/** The packs the shop's search finds on sale in the till's warehouse, in the search's order. */
export const PosSearch = z
  .object({
    packs: z.array(PosPack),
    /** When the words as typed found nothing: the corrected text the search used (as the listing's did_you_mean). */
    did_you_mean: z.string().nullable(),
  })
  .meta({ id: 'PosSearch' });
export type PosSearch = z.infer<typeof PosSearch>;

export const PosPackQuery = z
  .object({
    till_id: Id,
    barcode: z.string({ error: 'barcode is required' }).regex(EAN13, 'barcode must be 13 digits (EAN-13)'),
  })
  .meta({ id: 'PosPackQuery' });
export type PosPackQuery = z.infer<typeof PosPackQuery>;

// ---------------------------------------------------------------------------------------------- receipts

/** A receipt link's token: 32 characters of base64url (services: pos/sales.ts receiptToken). */
export const RECEIPT_TOKEN = /^[A-Za-z0-9_-]{32}$/;

// Any text within the text rule: a token not of RECEIPT_TOKEN's form is answered as an unknown one (404), not 400.
export const PosReceiptParams = z.object({ token: Text('Receipt token', { max: 200 }) });

/**
 * A sale's receipt as the customer's link shows it (GET /receipts/{token}, no sign-in: the token is the key). The
 * shop's name and GSTIN, the bill, its lines, totals and payments; never the customer's phone nor a card's reference.
 */
export const PosReceipt = z
  .object({
    shop: z.object({ name: z.string(), gstin: z.string().nullable() }),
    ordernumber: z.string(),
    created_at: z.string(),
    counter: z.string(),
    cashier: z.string(),
    customer: z.string().nullable(),
    lines: z.array(PosSaleLine.pick({ name: true, pack: true, quantity: true, price: true, discount: true, amount: true, returned: true })),
    amount: Rupees,
    discount: Rupees,
    total: Rupees,
    offercode: z.string().nullable(),
    payments: z.array(PosPayment.pick({ mode: true, amount: true, tendered: true, state: true })),
    payment_state: z.enum(['paid', 'awaiting', 'cancelled']),
    change_due: Rupees,
    /** What returns at the counter gave back of it (processed refunds). */
    refunded: Rupees,
    note: z.string().nullable(),
  })
  .meta({ id: 'PosReceipt' });
export type PosReceipt = z.infer<typeof PosReceipt>;
