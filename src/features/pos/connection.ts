/**
 * Whether the till is online, and what its header's badge shows (docs/pos-client.md#offline). The browser's
 * `navigator.onLine` only knows whether a network is attached, not whether the shop's server answers through
 * it, so a real call that fails counts as offline until a later call succeeds. Pure: the store feeds it events.
 */

export interface ConnectionState {
  /** What the browser last said (`navigator.onLine`, its online and offline events). */
  browserOnline: boolean;
  /** Whether the last real call reached the server. */
  lastCallReached: boolean;
  /** Both of the above: what the screen shows, and what decides whether UPI is offered. */
  online: boolean;
  /** Sales kept on the device, waiting to be sent; and those the server refused, for the cashier to see. */
  waiting: number;
  refused: number;
}

type ConnectionEvent =
  | { type: 'navigator'; online: boolean }
  | { type: 'call'; reached: boolean }
  | { type: 'queue'; waiting: number; refused: number };

export const startConnection = (browserOnline: boolean): ConnectionState => ({
  browserOnline,
  lastCallReached: true,
  online: browserOnline,
  waiting: 0,
  refused: 0,
});

export function connectionAfter(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  const next = { ...state };
  if (event.type === 'navigator') next.browserOnline = event.online;
  else if (event.type === 'call') next.lastCallReached = event.reached;
  else [next.waiting, next.refused] = [event.waiting, event.refused];
  next.online = next.browserOnline && next.lastCallReached;
  return next;
}

/**
 * An answer that came from a gateway rather than the shop (nginx's 502 and 504, a 503 while the API is away)
 * means the shop is out of reach as surely as a failed fetch. Any other status came from the shop itself.
 */
export const isUnreachable = (response: Response) => response.status === 502 || response.status === 503 || response.status === 504;
