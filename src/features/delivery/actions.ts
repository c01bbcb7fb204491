import { api } from '../../lib/api/browser';
import { choosePincode } from './settings';

/** Asks the API whether it delivers to `pincode` (GET /s/api/check/pincode/{pincode}); records it when it does. Rejects with the API's failure. */
export async function checkPincode(pincode: string): Promise<void> {
  await api().checkPincode(pincode);
  choosePincode(pincode);
}
