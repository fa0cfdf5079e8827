import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  INBOUND_BODY_LIMIT,
  inboundCompletionsAnswerSchema,
  inboundCompletionsSchema,
  inboundItemParamsSchema,
  inboundItemStatusSchema,
} from '../../../contract/inbound.schema.js';
import {
  inboundPostAnswerSchema,
  inboundPostSchema,
} from '../../../contract/inbound-appointment.schema.js';
import type { InboundScope } from '../../../contract/inbound.schema.js';
import { InboundRefusal } from '../../inbound/audience.js';
import { once as runOnce, requestHash } from '../../inbound/idempotency.js';
import type { Answer } from '../../inbound/idempotency.js';
import { publishAppointment } from '../../inbound/appointments.js';
import { complete, retract } from '../../inbound/completions.js';
import { publish, requireScopes } from '../../inbound/publish.js';
import type { Publisher } from '../../inbound/publisher.js';

const idempotencyKeySchema = z.string().min(1).max(200).optional();
const security = [{ publisherKey: [] }];
const tags = ['Inbound'];
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  422: errorSchema,
  429: errorSchema,
};
const headers = z.object({ 'idempotency-key': idempotencyKeySchema });

const WRITE_SCOPE: Record<string, InboundScope> = {
  message: 'messages:write',
  alert: 'alerts:write',
  task: 'tasks:write',
};

/**
 * `/api/inbound/v1`: a department's system publishes messages, alerts and Next Steps tasks (issue
 * 60). POST and PUT take an `Idempotency-Key`: the same key and body answer the first answer again
 * (kept 24 h in the store, so every process agrees), another body 422, a call still in flight 409
 * (until its lease ends without renewal: then a retry runs it, issue 71).
 */
export default async function inboundRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repos = app.repositories;
  const zone = app.config.campus.timeZone;

  const publisherOf = (request: FastifyRequest): Publisher => {
    const publisher = request.inbound?.publisher;
    if (!publisher) throw new InboundRefusal(403, 'No publisher.');
    return publisher;
  };

  const refusal = (error: unknown): Answer => {
    if (error instanceof InboundRefusal)
      return { status: error.statusCode, body: { detail: error.message } };
    throw error;
  };

  /** Runs a change once per idempotency key when one is given (inbound/idempotency.ts), and answers. */
  async function once(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string | undefined,
    run: (resumed: boolean) => Promise<Answer>,
  ) {
    const send = (answer: Answer) => {
      if (request.inbound && answer.status >= 400)
        request.inbound.detail = String((answer.body as { detail?: unknown }).detail ?? '');
      return reply.code(answer.status).send(answer.body);
    };
    if (key === undefined) return send(await run(false).catch(refusal));
    const answer = await runOnce(
      {
        repos,
        clock: app.clock,
        leaseMs: app.config.inboundLeaseMs,
        log: request.log,
        publisherId: publisherOf(request).id,
        key,
        bodyHash: requestHash(request.method, request.url, request.body),
      },
      run,
    );
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    return send(answer);
  }

  r.post(
    '/api/inbound/v1/items',
    {
      config: { access: 'publisher' },
      bodyLimit: INBOUND_BODY_LIMIT,
      schema: {
        summary: 'Publish (or replace) a message, alert or task; store (or update) an appointment',
        tags,
        security,
        headers,
        body: inboundPostSchema,
        response: { 201: inboundPostAnswerSchema, 200: inboundPostAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const item = request.body;
      const sourceId = item.kind === 'appointment' ? item.external_id : item.source_id;
      if (request.inbound) request.inbound.sourceId = sourceId;
      const key = request.headers['idempotency-key'];
      return once(request, reply, key, async (resumed) => {
        const ctx = { repos, now: app.clock(), zone, idempotencyKey: key, resumed };
        const answer =
          item.kind === 'appointment'
            ? await publishAppointment(ctx, publisherOf(request), item)
            : await publish(ctx, publisherOf(request), item);
        if (request.inbound) request.inbound.audienceSize = answer.recipients;
        return { status: 201, body: answer };
      });
    },
  );

  r.put(
    '/api/inbound/v1/items/:source_id/completions',
    {
      config: { access: 'publisher' },
      bodyLimit: INBOUND_BODY_LIMIT,
      schema: {
        summary: 'Mark a task done for people, as the publisher’s system saw it done',
        tags,
        security,
        headers,
        params: inboundItemParamsSchema,
        body: inboundCompletionsSchema,
        response: { 200: inboundCompletionsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { source_id: sourceId } = request.params;
      if (request.inbound) request.inbound.audienceSize = request.body.users.length;
      return once(request, reply, request.headers['idempotency-key'], async () => ({
        status: 200,
        body: await complete(
          { repos, now: app.clock(), zone },
          publisherOf(request),
          sourceId,
          request.body,
        ),
      }));
    },
  );

  r.delete(
    '/api/inbound/v1/items/:source_id',
    {
      config: { access: 'publisher' },
      schema: {
        summary: 'Retract an item for everyone',
        tags,
        security,
        params: inboundItemParamsSchema,
        response: { 204: z.null().describe('Retracted'), ...errors },
      },
    },
    async (request, reply) => {
      const publisher = publisherOf(request);
      const item = await repos.inboundItems.find(publisher.id, request.params.source_id);
      if (!item || item.retracted_at !== null)
        return reply.code(404).send({ detail: 'No such item of this publisher.' });
      try {
        requireScopes(publisher, [WRITE_SCOPE[item.kind] ?? 'messages:write']);
      } catch (error) {
        const answer = refusal(error);
        return reply.code(answer.status).send(answer.body as { detail: string });
      }
      if (request.inbound) request.inbound.audienceSize = item.recipients;
      await retract(repos, item.id, app.clock());
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/inbound/v1/items/:source_id',
    {
      config: { access: 'publisher' },
      schema: {
        summary: 'Who an item reached, what was delivered, read and completed',
        tags,
        security,
        params: inboundItemParamsSchema,
        response: { 200: inboundItemStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      const publisher = publisherOf(request);
      const item = await repos.inboundItems.find(publisher.id, request.params.source_id);
      if (!item) return reply.code(404).send({ detail: 'No such item of this publisher.' });
      const stats = await repos.inboundDelivery.stats(item);
      return {
        id: item.id,
        source_id: item.source_id,
        kind: z.enum(['message', 'alert', 'task']).parse(item.kind),
        title: item.title,
        ...stats,
        retracted: item.retracted_at !== null,
        updated_at: item.updated_at,
      };
    },
  );
}
