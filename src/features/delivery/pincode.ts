import type { pincodeForm } from '../../lib/i18n/messages/en/delivery';
import type { Say } from '../../lib/i18n/words';

/** What the shopper typed, trimmed. */
export const normalisePincode = (value: unknown) => String(value ?? '').trim();

/**
 * Why a typed pincode is not worth a call (fewer than 6 characters: 'Please enter a valid pincode', docs/product.md#other-rules,
 * in the page's words), or null when it may be checked. No call is made for it.
 */
export const pincodeProblem = (pincode: string, say: Say<keyof typeof pincodeForm>): string | null => (pincode.length < 6 ? say('delivery.invalidPincode') : null);
