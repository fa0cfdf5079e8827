import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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

export default fp(async function errors(app: FastifyInstance) {
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
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ detail: 'Internal server error' });
    }
    return reply.code(status).send({ detail: error.message });
  });
});
