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
/** Changes one poll asks for; a full answer is followed by the next poll at once. */
const LIMIT = 100;
/** Polls a named person whose read keeps failing is compared again on, before being given up. */
const ATTEMPTS = 3;

declare module 'fastify' {
  interface FastifyInstance {
    /** On the Ethos adapter: one poll of the change notifications now (tests, a tool); else null. */
    ethosConsume: { poll: () => Promise<number> } | null;
  }
}

/**
 * On the Ethos adapter, polls Ethos's change notifications under the lease, drops the cached reads
 * of each person a change names, and reads those people's records afresh to compare them with their
 * fingerprints (issue 74: `app.changes.compare`). ETHOS_CONSUME=1 runs it every 20 s in the process
 * that runs the background work (server.ts); `app.ethosConsume.poll()` runs one poll.
 */
export default fp(
  async function ethosConsume(
    app: FastifyInstance,
    opts: { notify?: { run?: boolean }; ethosConsume?: { pollMs?: number } },
  ) {
    const ethos = app.ethosSis;
    if (!ethos) {
      app.decorate('ethosConsume', null);
      return;
    }
    const named = new Set<string>();
    /**
     * The people a change named whose fresh read failed (a timeout under load, Ethos down): the
     * notification is consumed (the queue never hands it on again), so they are compared again on
     * the next polls, by username the attempts made. Kept in this process only.
     */
    const unread = new Map<string, number>();
    const consumer = new EthosConsumer({
      client: ethos.client,
      repository: app.repositories.ethosConsume,
      holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      leaseMs: LEASE_MS,
      limit: LIMIT,
      clock: () => app.clock(),
      forget: async (personId) => {
        const username = await ethos.forget(personId);
        if (username === undefined) return;
        const user = await app.repositories.users.findByUsername(username);
        if (!user) return;
        await app.cache.clear(userPrefix(user.id));
        named.add(username);
      },
    });
    const poll = async () => {
      let applied = 0;
      // Those whose read failed on an earlier poll first, read again as if named again.
      const again = new Set(unread.keys());
      for (;;) {
        const round = await consumer.poll();
        applied += round;
        const people = [...new Set([...again, ...named])];
        again.clear();
        named.clear();
        // Only the people the changes name are read again, and compared.
        if (people.length > 0) {
          const { unread: failed } = await app.changes.compare(people);
          const missed = new Set(failed);
          for (const person of people) {
            const attempts = (unread.get(person) ?? 0) + 1;
            if (!missed.has(person)) unread.delete(person);
            else if (attempts >= ATTEMPTS) {
              unread.delete(person);
              app.log.warn(
                { attempts },
                'a person an Ethos change named could not be read: left to the next change or visit',
              );
            } else unread.set(person, attempts);
          }
        }
        if (round < LIMIT) return applied;
      }
    };
    app.decorate('ethosConsume', { poll });
    if (!app.config.sis.ethos?.consume || !opts.notify?.run) return;
    let running = false;
    const tick = () => {
      if (running || app.lifecycle.draining) return;
      running = true;
      poll()
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
  { name: 'ethos-consume', dependencies: ['repositories', 'cache', 'sis', 'changes'] },
);
