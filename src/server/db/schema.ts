import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Money columns end in `_paise` and hold integers; timestamps are ISO-8601
 * UTC text (portable across SQLite and PostgreSQL, and ordered as text); flags are 0/1 integers;
 * `*_json` columns hold JSON text.
 */
export interface Database {
  websites: WebsiteTable;
  website_domains: { host: string; website_id: number };
  website_settings: WebsiteSettingsTable;
  nav_items: NavItemTable;
  pages: PageTable;
  page_drafts: PageDraftTable;
  page_versions: PageVersionTable;
  categories: CategoryTable;
  brands: BrandTable;
  suppliers: SupplierTable;
  warehouses: WarehouseTable;
  products: ProductTable;
  product_media: { id: Generated<number>; product_id: number; src: string; position: number };
  packs: PackTable;
  delivery_zones: DeliveryZoneTable;
  pincodes: PincodeTable;
  coupons: CouponTable;
  users: UserTable;
  sessions: SessionTable;
  carts: CartTable;
  cart_items: CartItemTable;
  app_secrets: { name: string; value: string };
  otp_codes: OtpCodeTable;
  outbox: { id: string; recipient: string; body: string; created_at: string };
  rate_limits: { key: string; window_start: string; hits: number };
  /** A shopper's lists on one website (migration 0019). */
  wishlist_categories: { id: Generated<number>; user_id: number; website_id: number; name: string; created_at: string };
  /** list_id 0 is the Default list (one per user and website); any other is a wishlist_categories id. */
  wishlist_items: { user_id: number; website_id: number; product_id: number; list_id: number; created_at: string };
  warehouse_zones: { warehouse_id: number; zone_id: number };
  page_components: { id: Generated<number>; page_id: number; name: string; type: string; data_json: string; settings_json: string | null; position: Generated<number> };
  addresses: AddressTable;
  /** The last order number given on each website (AF-000123): bumped in one atomic statement. */
  order_counters: { website_id: number; prefix: string; last_number: number };
  orders: OrderTable;
  agent_customers: { website_id: number; customer_id: number; agent_id: number; assigned_at: string };
  order_lines: OrderLineTable;
  /** What the shop owes back on orders paid online (migration 0017; orders/refunds.ts). */
  refunds: RefundTable;
  /** Which lines and quantities a part refund gave back (migration 0020). */
  refund_lines: { refund_id: number; order_line_id: number; quantity: number; amount_paise: number };
  /** Every change of an order, with who made it: its timeline (migration 0020; orders/events.ts). */
  order_events: OrderEventTable;
  /** One row per staff action, written with the change; never deleted (migration 0020). */
  staff_audit: StaffAuditTable;
  /** The durable queue of messages to shoppers, one row per message and channel (migration 0020; services/notifier.ts). */
  notifications: NotificationTable;
  /** The lock a start of an order's payment holds while it asks the provider (migration 0018; orders/payments/online.ts). */
  payment_starts: { order_id: number; token: string; until: string };
  /** Each word of each product's name with the product's popularity, for suggestions (db/product-words.ts keeps it). */
  product_words: { word: string; popularity: number; product_id: number };
  /** Each website's synonym groups (docs/search.md): a group's terms search as one. */
  search_synonyms: { website_id: number; group_no: number; position: number; term: string };
  /** Words of the catalogue (names, brands, categories) with how often they occur: what typos are corrected to. */
  search_words: { word: string; weight: number };
  /** One row: raised by the page tables' triggers on every change a shared page shows (db/page-generation.ts). */
  page_generation: { id: number; generation: number | string | bigint };
  /** The page builder's media library, one row per uploaded image of a website (migration 0026; services/media.ts). */
  media: MediaTable;
  /** The page builder's draft of each website's settings (migration 0028; services/site-settings.ts). */
  site_setting_drafts: { website_id: number; version: number; document_json: string; saved_at: string; saved_by: number | null };
  /** Every published version of a website's settings, numbered from 1 per website (migration 0028). */
  site_setting_versions: { id: Generated<number>; website_id: number; version: number; document_json: string; published_at: string; published_by: number | null; summary: string };
  /** The stock ledger (migration 0030; services/stock.ts): every move of a pack's stock; packs.stock is its sum. */
  stock_moves: StockMoveTable;
  /** A product's earlier slugs: /products/{old_slug} answers 301 to its page (migration 0030). */
  product_slug_redirects: { old_slug: string; product_id: number; created_at: string };
  /** The point of sale's tills: a counter's day in one warehouse, and its Z-report once closed (migration 0039; docs/pos.md). */
  tills: TillTable;
  /** How each sale at a till was paid, one row per payment (migration 0039). */
  pos_payments: PosPaymentTable;
  webui_submissions: { id: Generated<number>; website_id: number; formtype: string; formdata_json: string; emailactivation: Generated<number>; created_at: string };
}

export interface OtpCodeTable {
  id: string;
  /** The session that asked: only it can use the code. */
  session_id: string;
  /** A 10-digit phone number or a lower-case email. */
  identifier: string;
  /** Signing in, registering, or changing (or verifying) a signed-in user's phone or email. */
  purpose: 'login' | 'register' | 'contact';
  /** HMAC of the code: the table never holds a usable code. */
  code_hash: string;
  /** Registration details, or the contact change, waiting for the code, as JSON. */
  pending_json: string | null;
  attempts: Generated<number>;
  consumed_at: string | null;
  created_at: string;
  expires_at: string;
}

export interface WebsiteTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  logo: string | null;
  favicon: string | null;
  theme: Generated<string>;
  font_family: Generated<string>;
  nav_alignment: Generated<string>;
  show_supplier_page: Generated<number>;
  show_cart: Generated<number>;
  created_at: string;
}

interface WebsiteSettingsTable {
  website_id: number;
  nav_setting_json: string;
  seo_json: string;
  address_json: string;
  popup_json: string | null;
  theme_json: string;
  dynamic_navbar: string | null;
  dynamic_footer: string | null;
}

export interface NavItemTable {
  id: Generated<number>;
  website_id: number;
  kind: 'nav' | 'footer';
  parent_id: number | null;
  group_no: Generated<number>;
  name: string;
  icon: string | null;
  show_icon: Generated<number>;
  link: string | null;
  value: string | null;
  image: string | null;
  slug: string | null;
  position: Generated<number>;
}

interface PageTable {
  id: Generated<number>;
  website_id: number;
  url: string;
  title: string;
  css: Generated<string>;
  show_navbar: Generated<number>;
  show_sub_navbar: Generated<number>;
  show_footer: Generated<number>;
  seo_title: string | null;
  seo_description: string | null;
  seo_keyword: string | null;
  /** In Hindi (migration 0036): shown on /hi/ pages; null: the English ones. */
  title_hi: Generated<string | null>;
  seo_title_hi: Generated<string | null>;
  seo_description_hi: Generated<string | null>;
  schema_script: string | null;
  updated_at: string;
  /** Whether shoppers see it (migration 0025): a page never published, or unpublished, is not live. */
  live: Generated<number>;
  published_at: string | null;
  published_by: number | null;
}

/** A page's draft in the page builder (migration 0025): the editor's page document, its version and schedule. */
interface PageDraftTable {
  page_id: number;
  url: string;
  title: string;
  document_json: string;
  version: number;
  saved_at: string;
  saved_by: number | null;
  scheduled_at: string | null;
  scheduled_by: number | null;
}

/** Every publish of a page, kept (migration 0025). */
interface PageVersionTable {
  id: Generated<number>;
  page_id: number;
  version: number;
  document_json: string;
  published_at: string;
  published_by: number | null;
  summary: string;
}

export interface CategoryTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  /** In Hindi (migration 0036): shown on /hi/ pages; null: the English one. */
  name_hi: Generated<string | null>;
  slug: string;
  avatar: string | null;
  position: Generated<number>;
}

export interface BrandTable {
  id: Generated<number>;
  name: string;
  /** In Hindi (migration 0036): shown on /hi/ pages; null: the English one. */
  name_hi: Generated<string | null>;
  slug: string;
  logo: string | null;
}

interface SupplierTable {
  id: Generated<number>;
  name: string;
  slug: string;
  image: string | null;
  title: string | null;
  link: string | null;
}

interface WarehouseTable {
  id: Generated<number>;
  code: string;
  name: string;
  city: string;
  pincode: string;
}

interface ProductTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  /** In Hindi (migration 0036): shown on /hi/ pages; null: the English ones. */
  name_hi: Generated<string | null>;
  description_hi: Generated<string | null>;
  info_json: string | null;
  brand_id: number;
  category_id: number;
  supplier_id: number | null;
  popularity: Generated<number>;
  is_active: Generated<number>;
  created_at: string;
  /** Listing columns, kept by refreshListing (db/listing.ts): never written directly. */
  search_text: Generated<string>;
  min_price_paise: Generated<number>;
  discount_pct: Generated<number>;
  /** Bit (id - 1) for each warehouse (ids 1 to 62) one of its packs ships from: kept by refreshListingOf. */
  warehouse_bits: Generated<number | string>;
  /** The last change by staff (migration 0030); null for a product made since by other means (then created_at). */
  updated_at: Generated<string | null>;
}

export interface PackTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  /** In Hindi (migration 0036): shown on /hi/ pages; null: the English one. */
  name_hi: Generated<string | null>;
  price_paise: number;
  act_price_paise: number;
  discount_type: string | null;
  warehouse_id: number;
  stock: Generated<number>;
  max_per_order: Generated<number>;
  weight_grams: Generated<number>;
  position: Generated<number>;
  /** An EAN-13, or null (migration 0030). */
  barcode: Generated<string | null>;
  /** 0: not sold (left out of the shop's pages and refused in carts); the pack stays for the orders that hold it. */
  is_active: Generated<number>;
}

/** Why stock moved (contract/bos-products.ts STOCK_REASONS). */
export type StockMoveReason = 'count' | 'damage' | 'received' | 'order' | 'order_cancelled' | 'order_returned' | 'opening';

export interface StockMoveTable {
  id: Generated<number>;
  pack_id: number;
  warehouse_id: number;
  /** Signed: taken away below 0. */
  change: number;
  /** The pack's level after this move: packs.stock as this transaction left it. */
  level_after: number;
  reason: StockMoveReason;
  note: string | null;
  /** The order that took or gave back the goods. */
  order_id: number | null;
  /** Who: staff, the shopper or agent placing or cancelling; null for the system (the sweeper, a migration). */
  user_id: number | null;
  at: string;
}

export interface DeliveryZoneTable {
  id: Generated<number>;
  name: string;
  charge_paise: number;
  free_above_paise: number;
  min_order_paise: number;
  lead_days: number;
  /** Whether cash on delivery is offered in this zone (also bounded by the order value: cod_limit_paise). */
  cod_allowed: Generated<number>;
  /** The zone's delivery window, 24-hour 'HH:MM' in India's time (migration 0034; the cart shows it as '7:00 AM'). */
  window_start: Generated<string>;
  window_end: Generated<string>;
  /** The most a cash-on-delivery order may come to here; null: the shop's limit, COD_LIMIT_RUPEES (migration 0034). */
  cod_limit_paise: number | null;
}

interface PincodeTable {
  pincode: string;
  city: string;
  state: string;
  zone_id: number | null;
  serviceable: number;
}

export interface CouponTable {
  id: Generated<number>;
  code: string;
  description: Generated<string>;
  kind: 'flat' | 'percent';
  value: number;
  max_discount_paise: number | null;
  min_cart_paise: Generated<number>;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_user_limit: number | null;
  used_count: Generated<number>;
  first_order_only: Generated<number>;
  category_id: number | null;
  brand_id: number | null;
  /** 1 on, 0 switched off by staff: the cart refuses it (migration 0033). */
  is_active: Generated<number>;
}

export interface UserTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  is_superadmin: Generated<number>;
  has_admin_access: Generated<number>;
  is_sales_agent: Generated<number>;
  permissions_json: Generated<string>;
  created_at: string;
  /** 1 once a one-time code sent to the address was entered (migration 0010). */
  email_verified: Generated<number>;
  phone_verified: Generated<number>;
  /** A sales agent's commission in basis points of the goods' value (200 = 2%; migration 0011). */
  commission_bps: Generated<number>;
  /** When staff blocked the user (migration 0035): a blocked user cannot sign in and has no session. Null: not blocked. */
  blocked_at: Generated<string | null>;
  /** Who blocked them (a user id), while blocked_at is set. */
  blocked_by: Generated<number | null>;
}

export interface SessionTable {
  /** SHA-256 of the cookie's token: a leaked table yields no usable session. */
  id: string;
  website_id: number;
  user_id: number | null;
  pincode: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** A super administrator's chosen website, instead of the host's. */
  website_override: number | null;
}

export interface CartTable {
  id: Generated<number>;
  website_id: number;
  session_id: string | null;
  user_id: number | null;
  offercode: string | null;
  notes: string | null;
  updated_at: string;
  /** A cart an agent builds for a customer: both set, session_id and user_id null (migration 0011). */
  agent_id: Generated<number | null>;
  customer_id: Generated<number | null>;
}

interface CartItemTable {
  cart_id: number;
  pack_id: number;
  warehouse_id: number;
  quantity: number;
  added_at: string;
}

export interface AddressTable {
  id: Generated<number>;
  user_id: number;
  /** The website the shopper saved it on: only that website shows or uses it (migration 0019). */
  website_id: number;
  name: string;
  phone: string;
  pincode: string;
  line1: string;
  line2: string | null;
  landmark: string | null;
  city: string;
  state: string;
  type: 'home' | 'work' | 'other';
  /** At most one 1 per user and website (a partial unique index). */
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** An order: amounts in paise as priced on the server when it was placed; the address as it was then. */
export interface OrderTable {
  id: Generated<number>;
  website_id: number;
  user_id: number;
  /** Unique per website, such as AF-000123. */
  ordernumber: string;
  status: OrderStatus;
  /** The method the shopper chose: cod, razorpay or stripe. */
  payment_method: string;
  /** The provider taking the payment (null for cash on delivery), and its reference once known. */
  payment_provider: string | null;
  payment_ref: string | null;
  amount_paise: number;
  discount_paise: number;
  delivery_charge_paise: number;
  total_paise: number;
  offercode: string | null;
  /** The coupon this order used; coupon limits count orders holding stock (not cancelled or failed). */
  coupon_id: number | null;
  note: string | null;
  address_id: number | null;
  /** The delivery address as it was when the order was placed (JSON). */
  address_json: string;
  /** Unique per user: the same key answers the same order. */
  idempotency_key: string;
  /** What the key was first used for: the same key with another request is refused. */
  request_hash: string;
  /** An unpaid order (pending_payment) fails after this; null otherwise. */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** The sales agent who placed the order for its customer (migration 0011); null when the customer did. */
  agent_id: Generated<number | null>;
  /** When the current status was set (migration 0020). */
  status_at: Generated<string | null>;
  /** The delivery address's pincode, and the order's first delivery (its first line with a date): what the back office's queue filters and sorts on (migration 0023). */
  del_pincode: Generated<string | null>;
  del_date: Generated<string | null>;
  del_start_time: Generated<string | null>;
  del_end_time: Generated<string | null>;
  /** The language the order was placed in, 'en' or 'hi' (migration 0037): its messages are written in it. */
  locale: Generated<string>;
  /** 'web' (the shop and sales agents' orders) or 'pos' (a sale at a till; migration 0039). */
  channel: Generated<'web' | 'pos'>;
  /** A POS sale's till and the staff member who rang it up; null for web orders. */
  till_id: Generated<number | null>;
  cashier_id: Generated<number | null>;
  /** 1 when a POS sale took more than the stock ledger held (recorded anyway, flagged for the back office). */
  stock_short: Generated<number>;
  /** A POS sale's receipt link's token (/receipt/<token>; migration 0041): long and random, null for web orders. */
  receipt_token: Generated<string | null>;
}

export interface TillTable {
  id: Generated<number>;
  website_id: number;
  warehouse_id: number;
  status: Generated<'open' | 'closed'>;
  opening_cash_paise: number;
  opened_by: number;
  opened_at: string;
  closed_by: number | null;
  closed_at: string | null;
  counted_cash_paise: number | null;
  note: string | null;
  /** The Z-report as it was when the till closed (contract PosZReport, JSON). */
  report_json: string | null;
}

interface PosPaymentTable {
  id: Generated<number>;
  order_id: number;
  till_id: number;
  position: number;
  mode: 'cash' | 'upi' | 'card';
  /** What it settles of the sale's total (cash: net of the change given). */
  amount_paise: number;
  /** Cash: what the customer handed over; null otherwise. */
  tendered_paise: number | null;
  reference: string | null;
  /** A UPI payment is pending until the provider says it was paid; cancelled when the till gave up its wait. */
  state: 'paid' | 'pending' | 'cancelled';
  created_at: string;
  /** UPI (migration 0040): the provider and its single-use QR code (qr_…), and the payment (pay_…) that paid it. */
  provider: Generated<string | null>;
  provider_ref: Generated<string | null>;
  provider_payment_id: Generated<string | null>;
  /** The provider's image of the QR, and its upi:// text when the provider gives it. */
  qr_image_url: Generated<string | null>;
  qr_intent: Generated<string | null>;
  /** Demo mode only: the simulator's page where its customer pays the QR. */
  qr_pay_page: Generated<string | null>;
  /** When the provider closes the QR unpaid (ISO). */
  qr_close_by: Generated<string | null>;
  /** When the provider was last asked about the QR; when it said the payment was made. */
  checked_at: Generated<string | null>;
  paid_at: Generated<string | null>;
}

export type OrderStatus = 'pending_payment' | 'placed' | 'confirmed' | 'packed' | 'out_for_delivery' | 'delivered' | 'cancelled' | 'payment_failed';

/** A line of an order as the cart priced it: its share of the discount and its delivery group. */
export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  pack_id: number;
  slug: string;
  image: string;
  name: string;
  pack: string;
  quantity: number;
  price_paise: number;
  act_price_paise: number;
  amount_paise: number;
  discount_paise: number;
  warehouse_id: number;
  delivery_charge_id: number | null;
  del_date: string | null;
  del_start_time: string | null;
  del_end_time: string | null;
}

type RefundStatus = 'pending' | 'processed' | 'failed';

/** One refund of one provider payment, for the order's amount paid (integer paise). */
export interface RefundTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  payment_ref: string;
  payment_id: string | null;
  amount_paise: number;
  currency: string;
  status: RefundStatus;
  provider_refund_id: string | null;
  idempotency_key: string;
  attempts: Generated<number>;
  last_error: string | null;
  /** When the sweeper may take it (again); null once the provider has settled it. */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  processed_at: string | null;
  /** Why a payment that did not pay its order is given back, in the shopper's words; null for a cancel's refund. */
  reason: string | null;
  /** 'whole' (a cancel, a stray payment: one per payment) or 'part' (staff refunding lines or an amount). */
  kind: Generated<'whole' | 'part'>;
  /** A refund settled by hand (a bank transfer): its reference, and the staff member who recorded it. */
  manual_reference: Generated<string | null>;
  settled_by: Generated<number | null>;
  /** 1 when the refunded lines' goods went back to stock. */
  restock: Generated<number>;
  /** A POS return's till: the drawer its cash left (migration 0039). */
  till_id: Generated<number | null>;
}

export type ActorKind = 'shopper' | 'agent' | 'staff' | 'provider' | 'sweeper';

interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  at: string;
  actor_kind: ActorKind;
  /** The user (shopper, agent, staff); null for a provider's webhook or the sweeper. */
  actor_id: number | null;
  /** 'status' (from → to), 'refund', 'note'. */
  kind: 'status' | 'refund' | 'note';
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  note: string | null;
  details_json: string | null;
}

interface MediaTable {
  id: Generated<number>;
  website_id: number;
  /** The files' name: `<key>-<width>.webp` (services/media-storage.ts). */
  key: string;
  filename: string;
  alt: string;
  width: number;
  height: number;
  bytes: number;
  /** The widths written, narrowest first (JSON list of integers). */
  widths_json: string;
  created_at: string;
  created_by: number | null;
}

interface StaffAuditTable {
  id: Generated<number>;
  at: string;
  website_id: number;
  user_id: number;
  /** What was done: order.confirmed, order.cancelled, refund.created, refund.retried, refund.marked_refunded … */
  action: string;
  subject_kind: AuditSubjectKind;
  subject_id: number;
  order_id: number | null;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
}

export interface NotificationTable {
  id: Generated<number>;
  order_id: number | null;
  /** console (the demo's console and outbox), email, webhook. */
  channel: string;
  recipient: string;
  template: string;
  payload_json: string;
  state: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  /** When it may be sent (again), and the lease of whoever is sending it; null once sent or given up. */
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/**
 * What a staff audit row is about: one name per thing across the layers (the audit log's filter lists the same).
 * The back office's shop data (products, packs, stock, categories, brands, suppliers, warehouses, coupons, delivery
 * zones, users, search synonyms, CSV imports) each have theirs.
 */
export type AuditSubjectKind =
  | 'order'
  | 'refund'
  | 'page'
  | 'media'
  | 'form_response'
  | 'site_settings'
  | 'product'
  | 'pack'
  | 'stock'
  | 'category'
  | 'brand'
  | 'supplier'
  | 'warehouse'
  | 'coupon'
  | 'zone'
  | 'user'
  | 'synonyms'
  | 'import'
  | 'till';
