import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PortalMetrics } from '../../metrics/registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this process (server/metrics). */
    metrics: PortalMetrics;
  }
}

/**
 * The label of a request: its route pattern, never the raw URL (which would make one series per user
 * id or asset name). Built assets collapse to one pattern; requests no route matched to another.
 */
export function routeLabel(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (url === undefined) return '(unmatched)';
  return url.startsWith('/assets/') ? '/assets/*' : url;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Answers the exposition text; shared by the main app (behind a token) and the metrics port. */
export async function sendMetrics(metrics: PortalMetrics, reply: FastifyReply) {
  return reply
    .header('content-type', metrics.contentType)
    .header('cache-control', 'no-store')
    .send(await metrics.text());
}

/**
 * Measures every request (by route pattern and status) once it is answered. `/metrics` is served on the
 * main port only when METRICS_TOKEN is set, and then only to `Authorization: Bearer <token>`; the
 * separate METRICS_PORT listener (server.ts) serves it without one.
 */
export default fp(
  async function metrics(app: FastifyInstance) {
    const registry = new PortalMetrics(() => app.database.pool?.());
    app.decorate('metrics', registry);
    app.addHook('onResponse', function observeRequest(request, reply, done) {
      registry.request(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime);
      done();
    });

    const token = app.config.metrics.token;
    const expected = token ? digest(`Bearer ${token}`) : undefined;
    app.get(
      '/metrics',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        // Not configured: as if there were no such path (never the portal's page either).
        if (!expected) return reply.code(404).send({ detail: 'Not found: GET /metrics' });
        const given = digest(request.headers.authorization ?? '');
        if (!timingSafeEqual(given, expected)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ detail: 'Authentication credentials were not provided.' });
        }
        return sendMetrics(registry, reply);
      },
    );
  },
  // `/metrics` answers its errors as every route does.
  { name: 'metrics', dependencies: ['db', 'errors'] },
);
