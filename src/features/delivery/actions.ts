import { api } from '../../lib/api/browser';
import { choosePincode } from './settings';

/** Asks the API whether it delivers to `pincode` (GET /s/api/check/pincode/{pincode}); records it when it does. Rejects with the API's failure. */
export async function checkPincode(pincode: string): Promise<void> {
  await api().checkPincode(pincode);
  choosePincode(pincode);
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
