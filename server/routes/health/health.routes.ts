import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { liveSchema, readySchema, statusSchema } from '../../../contract/status.schema.js';
import { ping } from '../../db/database.js';
import { appStatus } from '../../html/first-answers.js';
import { emailsInFlightMax } from '../../notify/slots.js';

/** Whether Redis takes a command now (a connection that is down fails at once: no offline queue). */
async function redisAnswers(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}

/** Liveness, readiness, and the app status check of the portal's navigation guard. */
export default async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.metrics.watchReadiness(async () => {
    if (app.lifecycle.draining) return false;
    await ping(app.database);
    return true;
  });
  const { notify, mail } = app.config;
  const delivery = {
    notify: {
      emails_in_flight: notify.paused
        ? 0
        : emailsInFlightMax(notify, mail.smtpUrl ? mail.poolSize : null),
    },
  };
  r.get(
    '/healthz',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: liveSchema } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  r.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: readySchema, 503: errorSchema } },
    },
    async (request, reply) => {
      // A process that got SIGTERM says so at once: a balancer stops sending while it drains.
      if (app.lifecycle.draining) {
        return reply.code(503).send({ detail: 'Shutting down' });
      }
      try {
        await ping(app.database);
      } catch (err) {
        request.log.error({ err }, 'database does not answer');
        return reply.code(503).send({ detail: 'Database unavailable' });
      }
      const problems = app.feedProblems.list();
      const feeds = problems.length > 0 ? { feeds: problems } : {};
      if (!app.redis) {
        return { status: 'ok' as const, database: 'ok' as const, ...feeds, ...delivery };
      }
      const redis = await redisAnswers(app.redis);
      return {
        status: redis ? ('ok' as const) : ('degraded' as const),
        database: 'ok' as const,
        redis: redis ? ('ok' as const) : ('unavailable' as const),
        ...feeds,
        ...delivery,
      };
    },
  );

  r.get(
    '/api/status',
    {
      config: { access: 'public' },
      schema: { response: { 200: statusSchema }, summary: 'App status check' },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(appStatus(app)),
  );

  r.get(
    '/api',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: z.object({ detail: z.string() }) } },
    },
    async () => ({
      detail: 'Campus Portal API: see /api/openapi.json',
    }),
  );
}
