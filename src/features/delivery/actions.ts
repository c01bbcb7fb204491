import { api } from '../../lib/api/browser';

/**
 * Asks the API whether it delivers to `pincode` (GET /s/api/check/pincode/{pincode}); the API records it in the
 * session when it does. Rejects with the API's failure.
 */
export async function checkPincode(pincode: string): Promise<void> {
  await api().checkPincode(pincode);
}

/**
 * The city and state of a pincode the shop knows, delivered or not (the same call with ?choose=false: the
 * session's pincode stays); null for a pincode it does not know, or when the call fails.
 */
export async function pincodePlace(pincode: string): Promise<{ city: string; state: string } | null> {
  try {
    const { city, state } = await api().checkPincode(pincode, { choose: false });
    return { city, state };
  } catch {
    return null;
  }
}
