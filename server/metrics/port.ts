import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { sendMetrics } from '../plugins/external/metrics.js';

/**
 * `/metrics` on a port of its own (METRICS_PORT), for a scraper on the internal network: nothing else
 * answers there, and the public port does not serve metrics unless METRICS_TOKEN is set.
 */
export async function listenForMetrics(
  app: FastifyInstance,
  host: string,
  port: number,
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => sendMetrics(app.metrics, reply));
  await server.listen({ host, port });
  app.log.info({ port }, 'metrics served on their own port');
  return server;
}
