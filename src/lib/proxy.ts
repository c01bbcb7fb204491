import { logger } from './log.mjs';

/**
 * Forwards a request to another server and hands back its answer: used for COMMERCE_API_URL and for the
 * analytics path. Bounded by a timeout (Node's fetch would wait 300 s); a failure answers `onFailure`.
 */
export async function forward(
  request: Request,
  target: URL,
  options: { timeoutMs: number; headers?: Record<string, string>; dropHeaders?: string[]; onFailure: () => Response },
): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('host');
  for (const name of options.dropHeaders ?? []) headers.delete(name);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  try {
    const answer = await fetch(target, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer(),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    // fetch has already decoded the body, so the upstream's encoding and length no longer describe it.
    const answerHeaders = new Headers(answer.headers);
    answerHeaders.delete('content-encoding');
    answerHeaders.delete('content-length');
    return new Response(answer.body, { status: answer.status, headers: answerHeaders });
  } catch (error) {
    logger('proxy').error({ err: error }, `${target.origin}: ${error instanceof Error ? error.message : String(error)}`);
    return options.onFailure();
  }
}
