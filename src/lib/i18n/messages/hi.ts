import { account } from './hi/account';
import { addresses } from './hi/addresses';
import { auth } from './hi/auth';
import { cart } from './hi/cart';
import { catalogue } from './hi/catalogue';
import { checkout } from './hi/checkout';
import { content } from './hi/content';
import { delivery } from './hi/delivery';
import { errors } from './hi/errors';
import { forms } from './hi/forms';
import { invoice } from './hi/invoice';
import { notify } from './hi/notify';
import { orders } from './hi/orders';
import { payment } from './hi/payment';
import { refusals } from './hi/refusals';
import { search } from './hi/search';
import { shell } from './hi/shell';
import { ui } from './hi/ui';
import { wishlist, wishlistPage } from './hi/wishlist';
import type { Message, MessageKey } from './en';

/** The shop's own words in Hindi (हिन्दी), one module a domain (messages/hi/*.ts), key for key with English. */
export const hi: Record<MessageKey, Message> = { ...shell, ...content, ...errors, ...catalogue, ...delivery, ...wishlist, ...wishlistPage, ...search, ...forms, ...notify, ...invoice, ...cart, ...ui, ...checkout, ...payment, ...auth, ...account, ...orders, ...addresses, ...refusals };
