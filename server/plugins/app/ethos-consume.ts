import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { userPrefix } from '../../cache/keys.js';
import { EthosConsumer } from '../../sis/ethos/consumer.js';

/** A poll every 20 s: a hold added in Banner shows on the student's Account within a minute. */
const POLL_MS = 20_000;
/** The lease outlives a few polls, so a process that dies hands the queue on within a minute. */
const LEASE_MS = 60_000;

/**
 * ETHOS_CONSUME=1: in the process that runs the background work (server.ts), polls Ethos's change
 * notifications under the lease and drops the cached reads of each person a change names.
 */
export default fp(
  async function ethosConsume(
    app: FastifyInstance,
    opts: { notify?: { run?: boolean }; ethosConsume?: { pollMs?: number } },
  ) {
    const ethos = app.ethosSis;
    if (!ethos || !app.config.sis.ethos?.consume || !opts.notify?.run) return;
    const consumer = new EthosConsumer({
      client: ethos.client,
      repository: app.repositories.ethosConsume,
      holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      leaseMs: LEASE_MS,
      limit: 100,
      clock: () => app.clock(),
      forget: async (personId) => {
        const username = await ethos.forget(personId);
        if (username === undefined) return;
        const user = await app.repositories.users.findByUsername(username);
        if (user) await app.cache.clear(userPrefix(user.id));
      },
    });
    let running = false;
    const tick = () => {
      if (running || app.lifecycle.draining) return;
      running = true;
      consumer
        .poll()
        .then((applied) => {
          if (applied > 0) app.log.info({ applied }, 'Ethos changes applied to the cache');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'reading Ethos change notifications failed'))
        .finally(() => {
          running = false;
        });
    };
    const timer = setInterval(tick, opts.ethosConsume?.pollMs ?? POLL_MS).unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await consumer.release().catch(() => undefined);
    });
  },
  { name: 'ethos-consume', dependencies: ['repositories', 'cache', 'sis'] },
);
