import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Publisher } from './publisher.js';
import { toPublisher } from './publisher.js';
import { bearerKey, hashKey, sameHash } from './keys.js';

/** An inbound API call: who made it, and what its audit row says of it. */
export interface InboundCall {
  publisher: Publisher | null;
  keyId: string | null;
  sourceId: string | null;
  audienceSize: number | null;
  detail: string;
}

const blank = (): InboundCall => ({
  publisher: null,
  keyId: null,
  sourceId: null,
  audienceSize: null,
  detail: '',
});

/**
 * The call's publisher, from its `Authorization: Bearer cpk_…` key: read from the store on every
 * call, so a key revoked by any process is refused on its next call here. Only the key's hash is
 * looked up, and compared again in constant time.
 */
async function identify(app: FastifyInstance, request: FastifyRequest): Promise<InboundCall> {
  const call = blank();
  const key = bearerKey(request.headers.authorization);
  if (key === undefined) return call;
  const found = await app.repositories.inboundPublishers.liveKeyByHash(hashKey(key));
  if (!found || !sameHash(found.key.hash, key)) return call;
  call.publisher = toPublisher(found.publisher);
  call.keyId = found.key.id;
  return call;
}

/** The inbound routes' guard: a live publisher key, or 401 `{detail}`. */
export function inboundGuard(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const call = await identify(app, request);
    request.inbound = call;
    if (call.publisher === null || call.keyId === null)
      return reply.code(401).send({
        detail: 'A live publisher key is required: Authorization: Bearer cpk_<publisher>_…',
      });
    await app.repositories.inboundPublishers.touchKey(call.keyId, app.clock());
  };
}

/**
 * Every inbound call's audit row (refused ones and 429s too), written as its answer is sent: a caller
 * that has its answer finds the call in the audit.
 */
export function inboundAudit(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    try {
      const call = request.inbound ?? (await identify(app, request));
      const params: unknown = request.params;
      const fromPath =
        typeof params === 'object' && params !== null && 'source_id' in params
          ? String(params.source_id)
          : null;
      await app.repositories.inboundPublishers.audit(
        {
          publisherId: call.publisher?.id ?? null,
          keyId: call.keyId,
          method: `${request.method} ${request.routeOptions.url ?? request.url}`,
          sourceId: call.sourceId ?? fromPath,
          audienceSize: call.audienceSize,
          status: reply.statusCode,
          detail: call.detail,
        },
        app.clock(),
      );
    } catch (err) {
      request.log.error({ err }, 'The inbound call could not be audited');
    }
    return payload;
  };
}
