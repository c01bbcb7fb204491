import type { MiddlewareHandler } from 'hono';
import { currentRequestId, requestIdFrom, withRequestId } from '../../lib/log.mjs';

/**
 * Every API call has a request id (docs/operations.md#logs): the page's when a page of this process calls the API,
 * else the caller's X-Request-Id when it is a short safe token (a proxy's), else a new one. Every line logged while
 * the call is served carries it, its answer has it in X-Request-Id, and an unexpected failure's body in request_id.
 */
export const requestIds: MiddlewareHandler = async (c, next) => {
  let id = currentRequestId();
  if (id) await next();
  else {
    id = requestIdFrom(c.req.header('x-request-id'));
    await withRequestId(id, next);
  }
  c.header('X-Request-Id', id);
};
