/**
 * What a request log line may say of its address. A personal calendar's address is its only key
 * (`/calendar/<token>.ics`) and a sign-in's callback carries the provider's one-time code and state:
 * logs are read by more people than the ones who may hold those, so they are blanked before a line
 * is written. Everything else of the address stays, for tracing.
 */
import type { FastifyRequest } from 'fastify';
import { printableUrl } from './net/printable-url.js';

const REDACTED = '[redacted]';

/** Query parameters that are credentials wherever they appear. */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'id_token_hint', 'session_state']);

/**
 * The address with its secrets blanked: a calendar token, and secret query parameters; an absolute
 * address (a request line in absolute form) also loses its user part, as every printed address does
 * (`net/printable-url.ts`, the start-up report's and `config:check`'s helper too).
 */
export function redactUrl(address: string): string {
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? printableUrl(address) : address;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const safePath = path.replace(/^\/calendar\/[^/]+$/, `/calendar/${REDACTED}`);
  if (!query) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAMS.has(name.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Fastify's request serializer, with the address redacted. */
export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
