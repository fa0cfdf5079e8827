import type { FastifyRequest } from 'fastify';

/**
 * Whether a state-changing request comes from our own pages: its Origin (else Referer) must name this
 * host. A request with neither is not a browser's cross-site request, so the token check alone decides.
 * `Origin: null` (a sandboxed or privacy-stripped page) is never ours.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return true;
  try {
    return new URL(source).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}
