/** What the point of sale's suites share: the demo cashier, fresh packs with a barcode and a known stock, tills and sales. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PosSale, PosTill } from '../../src/contract/pos';
import { ADMIN, productsKit, uniqueWord } from './bos-products-kit';
import { signedIn, type TestShop, type Visitor } from './shop';

/** The demo cashier, Kiran: pos_access:view and nothing else. */
export const CASHIER = '9876500005';

let codes = 0;
/** A valid EAN-13 no other pack of the run has: 12 digits of this process and a counter, then the check digit. */
function freshBarcode(): string {
  codes += 1;
  const first = `89${String(process.pid % 100000).padStart(5, '0')}${String(codes).padStart(5, '0')}`;
  const sum = [...first].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${first}${(10 - (sum % 10)) % 10}`;
}

export function posKit(shop: () => TestShop) {
  const products = productsKit(shop);
  const { db } = products;
  let admin: Promise<Visitor> | undefined;
  let cashier: Promise<Visitor> | undefined;
  const asAdmin = () => (admin ??= signedIn(shop(), ADMIN));
  const asCashier = () => (cashier ??= signedIn(shop(), CASHIER));
  /** The Bengaluru warehouse the tills of the suites stand in. */
  const blr = async () => (await products.references()).blr;

  /** A new product of one pack in Bengaluru: ₹90 (MRP ₹100), this opening stock through the ledger, a barcode. */
  async function freshPack(opening = 40, price = 9000) {
    const ref = await products.references();
    const barcode = freshBarcode();
    const product = await products.create(await asAdmin(), `${uniqueWord('Till')} Atta`, {
      packs: [{ name: '1 kg', price, mrp: Math.max(price, 10000), max_per_order: 10, active: true, warehouse_id: ref.blr, opening_stock: opening, barcode }],
    });
    const pack = product.packs[0]!;
    return { productId: product.id, id: pack.id, barcode, price };
  }

  async function openTill(v?: Visitor, openingCash = 1000) {
    const r = await (v ?? (await asCashier())).post('/pos/tills', { warehouse_id: await blr(), opening_cash: openingCash });
    expect(r.status, await r.clone().text()).toBe(201);
    return PosTill.parse(await r.json());
  }

  const sell = async (v: Visitor, body: unknown, key: string | null = randomUUID()) =>
    v.post('/pos/sales', body, { headers: key === null ? {} : { 'Idempotency-Key': key } });

  /** A sale that must be recorded (201). */
  async function sold(v: Visitor, body: Record<string, unknown>, key: string = randomUUID()) {
    const r = await sell(v, body, key);
    expect(r.status, await r.clone().text()).toBe(201);
    return PosSale.parse(await r.json());
  }

  const level = products.level;
  const ledger = products.ledger;
  const orderCount = async () => Number((await db().selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const auditOf = (action: string) => db().selectFrom('staff_audit').selectAll().where('action', '=', action).orderBy('id').execute();

  return { db, asAdmin, asCashier, blr, freshPack, openTill, sell, sold, level, ledger, orderCount, auditOf };
}
