/**
 * All mapping from database rows to the contract's shapes lives here, so the API's answers are shaped in one
 * place (the vercel/commerce habit).
 */
import type { Selectable } from 'kysely';
import { AddressFields, type Address, type Brand, type CartItem, type Category, type NavItem, type Order, type OrderSummary, type Pack, type PackDelivery, type Product, type User, type Website } from '../contract';
import { percentOff, toRupees } from '../lib/money';
import { imageSrc } from '../lib/images';
import type { AddressTable, BrandTable, CategoryTable, NavItemTable, OrderLineTable, OrderTable, PackTable, UserTable } from './db/schema';
import { groupByDelivery } from './services/cart';
import { CANCELLABLE_STATUSES, wasCharged } from './orders/status';
import type { WebsiteRow } from './env';
import type { Locale } from '../lib/i18n/locales';
import { localized } from './localized';

export { localized };

export function toWebsite(row: WebsiteRow): Website {
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    description: row.description,
    theme: row.theme,
    favicon: row.favicon,
    show_supplier_page: row.show_supplier_page === 1,
    show_cart: row.show_cart === 1,
    font_family: row.font_family,
    nav_alignment: row.nav_alignment,
  };
}

/** A pack; with `delivery` (the session has a pincode), whether and when it is delivered there. */
function toPack(row: Selectable<PackTable>, delivery?: (warehouseId: number) => PackDelivery, locale?: Locale): Pack {
  return {
    pack_id: row.id,
    pack_name: localized(locale, row.name, row.name_hi),
    price: toRupees(row.price_paise),
    act_price: toRupees(row.act_price_paise),
    discount: percentOff(row.price_paise, row.act_price_paise),
    warehouse_id: row.warehouse_id,
    discount_type: row.discount_type,
    in_stock: row.stock > 0,
    ...(delivery ? { delivery: delivery(row.warehouse_id) } : {}),
  };
}

export interface ProductRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  name_hi: string | null;
  description_hi: string | null;
  info_json: string | null;
  brand_name: string;
  brand_name_hi: string | null;
  brand_slug: string;
}

/** A product for shoppers; with `locale` 'hi', its (and its brand's and packs') Hindi names where given. */
export function toProduct(
  row: ProductRow,
  packs: Selectable<PackTable>[],
  medias: string[],
  wishlisted = false,
  delivery?: (warehouseId: number) => PackDelivery,
  locale?: Locale,
): Product {
  const description = locale === 'hi' && row.description_hi?.trim() ? row.description_hi : row.description;
  return {
    product_id: row.id,
    product_name: localized(locale, row.name, row.name_hi),
    product_description: description ?? undefined,
    product_info: row.info_json ? JSON.parse(row.info_json) : undefined,
    brand_name: localized(locale, row.brand_name, row.brand_name_hi),
    slug: row.slug,
    brand_slug: row.brand_slug,
    wishlist: wishlisted,
    medias: medias.map((src) => ({ src })),
    image: medias[0] ?? '',
    packs: packs.map((pack) => toPack(pack, delivery, locale)),
  };
}

export const toBrand = (row: Selectable<BrandTable>, locale?: Locale): Brand => ({ id: row.id, name: localized(locale, row.name, row.name_hi), slug: row.slug });

/**
 * Nests flat rows by parent_id in any order (children keep the rows' order); a row whose parent is missing
 * becomes a root rather than vanishing.
 */
function nest<Row extends { id: number; parent_id: number | null }, Node extends { children: Node[] }>(
  rows: Row[],
  toNode: (row: Row) => Node,
): Node[] {
  const nodes = new Map(rows.map((row) => [row.id, toNode(row)]));
  const roots: Node[] = [];
  for (const row of rows) {
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  return roots;
}

/** The nested category tree, each category linking to its product listing. */
export const toCategoryTree = (rows: Selectable<CategoryTable>[], locale?: Locale): Category[] =>
  nest(rows, (row) => ({ id: row.id, name: localized(locale, row.name, row.name_hi), slug: row.slug, avatar: row.avatar, link: `/products?c=${row.slug}`, children: [] }));

/** The nested navigation (or footer) items; the /categories item (or one named Categories) holds the category tree. */
export function toNavTree(rows: Selectable<NavItemTable>[], categories: Category[]): NavItem[] {
  return nest(rows, (row): NavItem => {
    const holdsCategories = row.value === '/categories' || row.name === 'Categories';
    return {
      group: row.group_no,
      name: row.name,
      icon: row.icon,
      show_icon: row.show_icon,
      link: row.link,
      value: row.value,
      image: row.image,
      slug: row.slug,
      children: holdsCategories ? categories.map(categoryAsNav) : [],
    };
  });
}

function categoryAsNav(category: Category): NavItem {
  return {
    group: 0,
    name: category.name,
    icon: null,
    show_icon: 0,
    link: category.link,
    value: category.link,
    image: category.avatar,
    slug: category.slug,
    children: category.children.map(categoryAsNav),
  };
}

export function toUser(row: Selectable<UserTable>): User {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    superadmin: row.is_superadmin === 1,
    hasAdminAccess: row.has_admin_access === 1,
    isSalesAgent: row.is_sales_agent === 1,
    permissions: JSON.parse(row.permissions_json) as string[],
  };
}

/** A saved address as the API answers it. */
export const toAddress = (row: Selectable<AddressTable>): Address => ({ id: row.id, ...toAddressFields(row), is_default: row.is_default === 1 });

/** The address's delivery fields: what an order keeps as its snapshot. */
export const toAddressFields = (row: AddressFields): AddressFields => ({
  name: row.name,
  phone: row.phone,
  pincode: row.pincode,
  line1: row.line1,
  line2: row.line2,
  landmark: row.landmark,
  city: row.city,
  state: row.state,
  type: row.type,
});

/** An order in the account's list; amounts in rupees from the order's paise. */
export const toOrderSummary = (row: Selectable<OrderTable>, quantity: number): OrderSummary => ({
  id: row.id,
  ordernumber: row.ordernumber,
  status: row.status,
  payment_method: row.payment_method,
  payment_provider: row.payment_provider,
  quantity,
  amount: toRupees(row.amount_paise),
  discount: toRupees(row.discount_paise),
  delivery_charge: toRupees(row.delivery_charge_paise),
  total: toRupees(row.total_paise),
  created_at: row.created_at,
});

/** A line of an order, in the cart's shape (it was a cart line when it was priced). */
const toOrderItem = (line: Selectable<OrderLineTable>): CartItem => ({
  pack_id: line.pack_id,
  slug: line.slug,
  image: imageSrc(line.image),
  name: line.name,
  pack: line.pack,
  quantity: line.quantity,
  price: toRupees(line.price_paise),
  act_price: toRupees(line.act_price_paise),
  amount: toRupees(line.amount_paise),
  discount: toRupees(line.discount_paise),
  valid: true,
  message: null,
  warehouse_id: line.warehouse_id,
  delivery_charge_id: line.delivery_charge_id,
  del_date: line.del_date,
  del_start_time: line.del_start_time,
  del_end_time: line.del_end_time,
});

/** One order for its owner: lines, delivery groups (the charge shared as the cart shared it), the address it kept. */
export function toOrder(row: Selectable<OrderTable>, lines: Selectable<OrderLineTable>[], refund: Order['refund'] = null, refundedPaise = 0): Omit<Order, 'refunds' | 'timeline'> {
  const items = lines.map(toOrderItem);
  return {
    ...toOrderSummary(row, lines.reduce((sum, l) => sum + l.quantity, 0)),
    offercode: row.offercode,
    note: row.note,
    address: AddressFields.parse(JSON.parse(row.address_json)),
    items,
    grouped_items: groupByDelivery(items, row.delivery_charge_paise),
    expires_at: row.expires_at,
    can_cancel: CANCELLABLE_STATUSES.includes(row.status),
    can_retry: row.status === 'payment_failed',
    has_invoice: wasCharged(row, refund !== null),
    refund,
    refunded: toRupees(refundedPaise),
  };
}
