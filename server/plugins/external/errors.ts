import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { signInAgain } from '../../auth/sis-token.js';
import { isDatabaseUnavailable } from '../../db/database.js';
import { SignInAgainError } from '../../sis/port.js';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

/** The API's paths: their errors are always JSON `{"detail"}`, never HTML or a stack trace. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/next-steps/api/');
}

/** Names the offending field of a failed validation: `body persona: Invalid option …`. */
function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  const where = error.validationContext ?? 'request';
  if (!first) return `Invalid ${where}`;
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field
    ? `${field}: ${first.message ?? 'is invalid'}`
    : `${where}: ${first.message ?? 'is invalid'}`;
}

/**
 * A refused body is read to its end, up to this much, before its 413 is sent: the proxy lets 9 MB
 * through (deploy/nginx, `client_max_body_size 9m`), and a body under it is read whole.
 */
const DRAIN_MAX_BYTES = 10 * 1024 * 1024;
/** …and for at most this long. */
const DRAIN_MS = 10_000;

/**
 * Reads and discards the rest of a body refused as too large (Fastify stops reading it and answers
 * with `Connection: close`): a client still sending it, a browser posting a form (a 5 MB SAML
 * response), saw its connection reset instead of the 413, as the socket closed on unread data.
 * Resolves true once the body ended within the bounds, so the answer goes out on an open
 * connection; false past them (the connection then closes, as before).
 */
function drainRefusedBody(request: FastifyRequest): Promise<boolean> {
  const raw = request.raw;
  if (raw.complete) return Promise.resolve(true);
  if (Number(request.headers['content-length'] ?? 0) > DRAIN_MAX_BYTES)
    return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (whole: boolean) => {
      clearTimeout(timer);
      raw.off('data', count).off('end', ended).off('error', failed).off('close', failed);
      if (!whole) raw.pause();
      resolve(whole);
    };
    const count = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish(false);
    };
    const ended = () => finish(true);
    const failed = () => finish(false);
    const timer = setTimeout(failed, DRAIN_MS);
    raw.on('data', count).on('end', ended).on('error', failed).on('close', failed);
    raw.resume();
  });
}

/** 413 `{"detail"}`, after the refused body's rest is read when it is within bounds. */
async function tooLarge(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (await drainRefusedBody(request)) reply.removeHeader('connection');
  return reply.code(413).send({ detail: error.message });
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return tooLarge(error, request, reply);
      // Issue 91: a read whose sign-in gives the SIS no token any more, wherever it was made.
      if (error instanceof SignInAgainError) {
        return signInAgain(app, request).then((body) => reply.code(401).send(body));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ detail: describeValidation(error) });
      }
      if (isResponseSerializationError(error)) {
        request.log.error(
          { err: error, issues: error.cause.issues },
          'answer does not match its schema',
        );
        return reply.code(500).send({ detail: 'Internal server error' });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'the database is unavailable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ detail: 'The database is unavailable. Please try again in a moment.' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send({ detail: 'Internal server error' });
      }
      return reply.code(status).send({ detail: error.message });
    });
  },
  { name: 'errors' },
);

/**
 * Errors Fastify answers before any route or hook runs (a malformed URL, a path parameter past its
 * length, 414): the same `{"detail"}` shape as every other error.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  void reply
    .code(error.statusCode ?? 400)
    .header('cache-control', 'no-store')
    .send({ detail: error.message });
}

const CLIENT_ERRORS: Record<string, readonly [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  HPE_URI_TOO_LONG: [414, 'The address is too long.'],
};

/**
 * Requests Node's HTTP parser refuses (headers too large: 431, a broken request: 400) never reach
 * Fastify: answer them on the socket, still as JSON `{"detail"}`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request is malformed.'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nCache-Control: no-store\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
