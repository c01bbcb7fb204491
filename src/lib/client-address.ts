/**
 * The shopper's address, for the API's per-client limits: the socket's; or, behind a trusted proxy
 * (TRUST_PROXY=true, nginx from deploy/ or any load balancer), the last address in X-Forwarded-For, the one that
 * proxy saw the request come from. Earlier entries are whatever the client sent and are never believed; without
 * TRUST_PROXY the header is ignored, so nobody can pick their own address.
 */
export function addressOf(socketAddress: string | undefined, forwardedFor: string | null, trustProxy: boolean): string | undefined {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor.split(',').at(-1)?.trim();
    if (last && /^[0-9a-fA-F:.]{2,45}$/.test(last)) return last;
  }
  return socketAddress;
}

/** The address of the shopper behind a page or API request (undefined when they have already gone). */
export function shopperAddress(context: { request: Request; clientAddress: string }): string | undefined {
  let socket: string | undefined;
  try {
    socket = context.clientAddress;
  } catch {
    // The adapter throws when the socket has closed: the shopper has gone.
  }
  return addressOf(socket, context.request.headers.get('x-forwarded-for'), process.env.TRUST_PROXY === 'true');
}
