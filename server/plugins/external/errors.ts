import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../db/database.js';
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

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
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
