/** The message for a pincode too short to check (docs/product.md#other-rules): no call is made for it. */
export const INVALID_PINCODE = 'Please enter a valid pincode';

/** What the shopper typed, trimmed. */
export const normalisePincode = (value: unknown) => String(value ?? '').trim();

/** Why a typed pincode is not worth a call (fewer than 6 characters), or null when it may be checked. */
export const pincodeProblem = (pincode: string): string | null => (pincode.length < 6 ? INVALID_PINCODE : null);
