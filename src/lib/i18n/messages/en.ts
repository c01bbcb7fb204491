import { account } from './en/account';
import { addresses } from './en/addresses';
import { auth } from './en/auth';
import { cart } from './en/cart';
import { catalogue } from './en/catalogue';
import { checkout } from './en/checkout';
import { content } from './en/content';
import { delivery } from './en/delivery';
import { errors } from './en/errors';
import { forms } from './en/forms';
import { invoice } from './en/invoice';
import { notify } from './en/notify';
import { orders } from './en/orders';
import { payment } from './en/payment';
import { refusals } from './en/refusals';
import { search } from './en/search';
import { shell } from './en/shell';
import { ui } from './en/ui';
import { wishlist, wishlistPage } from './en/wishlist';
import type { Message } from './types';

/**
 * The shop's own words in English: the source catalogue, one module a domain (messages/en/*.ts), so an island
 * imports only its domain's words. Every key here is in every other language's catalogue, key for key (typed;
 * a test checks the placeholders match). A message is a text with `{name}` placeholders, or plural forms by
 * Intl.PluralRules (`one`, `other`, …) of its `{count}`.
 */
export const en = { ...shell, ...content, ...errors, ...catalogue, ...delivery, ...wishlist, ...wishlistPage, ...search, ...forms, ...notify, ...invoice, ...cart, ...ui, ...checkout, ...payment, ...auth, ...account, ...orders, ...addresses, ...refusals } as const satisfies Record<string, Message>;

export type { Message };
export type MessageKey = keyof typeof en;
