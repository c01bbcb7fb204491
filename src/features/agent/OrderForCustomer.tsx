import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { Address } from '../../contract/address';
import type { Cart } from '../../contract/cart';
import type { Product } from '../../contract/catalogue';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { useHydrated } from '../../ui/use-hydrated';
import { $catalogueSearch, $orderForCustomer, initialOrderState, orderForCustomerApi, seedOrderForCustomer, type CatalogueSearchState, type CustomerRef, type OrderForCustomerApi } from './order-for-customer';
import * as order from './order-for-customer-actions';
import { searchProducts, searchUrl, typeSearch } from './order-for-customer-search';
import { productCount } from './order-for-customer-view';
import OrderForCustomerDelivery from './OrderForCustomerDelivery';
import OrderForCustomerLines from './OrderForCustomerLines';
import OrderForCustomerPlaced from './OrderForCustomerPlaced';
import OrderForCustomerSearch from './OrderForCustomerSearch';
import OrderForCustomerSummary from './OrderForCustomerSummary';

interface Props {
  customer: CustomerRef;
  /** The (agent, customer) cart, priced for `addressId` when there is one. */
  cart: Cart;
  addresses: Address[];
  addressId: number | null;
  /** This page's Idempotency-Key: retries of one attempt make one order. */
  idempotencyKey: string;
  /** The first page of the catalogue search (`?q&page` of the page's URL). */
  search: { q: string; page: number; perPage: number; results: Product[]; total: number };
  /** This page's path, and the customer's page in the dashboard. */
  path: string;
  backHref: string;
  xsrf: string;
}

const H2 = 'mb-3 text-lg font-semibold';

/**
 * A sales agent builds an order for one of their customers: search the catalogue and add packs, set
 * quantities, choose or add the customer's address, cash on delivery or a payment link, a note, Place order;
 * then the order number, and the link to share. Every number is the server's. Hydrated on load.
 */
export default function OrderForCustomer(props: Props) {
  const hydrated = useHydrated();
  const live = useStore($orderForCustomer);
  const liveSearch = useStore($catalogueSearch);
  const client = useRef<OrderForCustomerApi | null>(null);
  const api = () => (client.current ??= orderForCustomerApi());
  useEffect(() => {
    seedOrderForCustomer(initialOrderState(props), props.search);
  }, []);
  const seeded = hydrated && live.customer !== undefined;
  const state = seeded ? live : initialOrderState(props);
  const search: CatalogueSearchState = seeded ? liveSearch : { ...props.search, busy: false, error: null };

  // The search is kept in the address bar: reload and back show the same results.
  useEffect(() => {
    if (seeded && !search.busy) history.replaceState(history.state, '', searchUrl(props.path, search.q, search.page));
  }, [seeded, search.busy, search.page]);
  useEffect(() => {
    if (state.placed) window.scrollTo({ top: 0 });
  }, [state.placed]);

  if (state.placed) {
    return <OrderForCustomerPlaced placed={state.placed} customer={state.customer} backHref={props.backHref} onAnother={() => void order.startAnotherOrder(api())} />;
  }

  const { cart } = state;
  const count = cart.items.length;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 pb-20 lg:grid-cols-[minmax(0,1fr)_22rem] lg:pb-0">
      <LoadingOverlay show={state.busy === 'placing'} label={`Placing the order for ${state.customer.name}`} />
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby="order-products">
          <h2 id="order-products" className={H2}>Add products</h2>
          <OrderForCustomerSearch
            search={search}
            cart={cart}
            path={props.path}
            hydrated={seeded}
            pendingPacks={state.pendingPacks}
            packErrors={state.packErrors}
            onType={(q) => typeSearch(api(), q)}
            onSearch={(q, page) => void searchProducts(api(), q, page)}
            onAdd={(pack) => void order.addPack(api(), pack)}
            onRemoveOne={(packId) => void order.removeOne(api(), packId)}
            onSet={(pack, have, q) => void order.setQuantity(api(), { ...pack, quantity: have }, q)}
          />
        </section>

        <section aria-labelledby="order-items">
          <h2 id="order-items" className={H2}>In this order{count > 0 && <span className="font-normal text-muted-foreground"> · {productCount(count)}</span>}</h2>
          <OrderForCustomerLines
            items={cart.items}
            pendingPacks={state.pendingPacks}
            packErrors={state.packErrors}
            lineErrors={state.lineErrors}
            onAdd={(item) => void order.addPack(api(), item)}
            onRemoveOne={(item) => void order.removeOne(api(), item.pack_id)}
            onSet={(item, q) => void order.setQuantity(api(), item, q)}
            onRemoveLine={(item) => void order.removeLine(api(), item.pack_id)}
          />
        </section>

        <OrderForCustomerDelivery
          state={state}
          path={props.path}
          xsrf={props.xsrf}
          onChooseAddress={(id) => void order.chooseAddress(api(), id)}
          onSaveAddress={(body) => order.addAddress(api(), body)}
          onChoosePayment={order.choosePayment}
        />
      </div>

      <OrderForCustomerSummary state={state} ready={seeded} path={props.path} onNote={order.setNote} onPlace={() => void order.placeOrder(api())} />
    </div>
  );
}
