import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { userPrefix } from '../../cache/keys.js';
import type { PendingSubject } from '../../db/repositories/ethos-consume.repository.js';
import { EthosConsumer } from '../../sis/ethos/consumer.js';

/** A poll every 20 s: a hold added in Banner shows on the student's Account within a minute. */
const POLL_MS = 20_000;
/** The lease outlives a few polls, so a process that dies hands the queue on within a minute. */
const LEASE_MS = 60_000;
/** Changes one poll asks for; a full answer is followed by the next poll at once. */
const LIMIT = 100;
/** Polls a named person whose read keeps failing is compared again on, before being given up. */
const ATTEMPTS = 3;
/** Named subjects handled in one round, read from the store. */
const PENDING_AT_ONCE = 200;

declare module 'fastify' {
  interface FastifyInstance {
    /** On the Ethos adapter: one poll of the change notifications now (tests, a tool); else null. */
    ethosConsume: { poll: () => Promise<number> } | null;
  }
}

/**
 * On the Ethos adapter, polls Ethos's change notifications under the lease; what each change names
 * is kept in the store with the queue's position (consumer.ts) and handled from there: a section's
 * copies are dropped in every process and its students named, a person's cached reads are dropped
 * and their record read afresh and compared with their fingerprint (issue 74: `app.changes.compare`).
 * A read that fails is tried again on the next polls, up to three. ETHOS_CONSUME=1 runs it every
 * 20 s in the process that runs the background work (server.ts), never while NOTIFY_PAUSED=1 (a
 * restored copy must not take production's changes off the queue); `app.ethosConsume.poll()` runs
 * one poll.
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
    const repo = app.repositories.ethosConsume;
    const consumer = new EthosConsumer({
      client: ethos.client,
      repository: repo,
      holder: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      leaseMs: LEASE_MS,
      limit: LIMIT,
      clock: () => app.clock(),
      ownerOf: (resource, id) => ethos.ownerOf(resource, id),
      onUnnamed: (resource, id) =>
        app.log.info(
          { resource, id },
          'an Ethos change named nobody this process read: left to the next visit',
        ),
    });
    /** One named subject handled; false when its read failed (tried again next poll). */
    const handle = async (s: PendingSubject): Promise<boolean> => {
      if (s.kind === 'section') {
        await ethos.forgetSection(s.subject);
        const people = await ethos.registrants(s.subject);
        await repo.name(
          people.map((subject) => ({ kind: 'person' as const, subject })),
          app.clock(),
        );
        return true;
      }
      const username = await ethos.forget(s.subject);
      const user = username && (await app.repositories.users.findByUsername(username));
      // Nobody who has signed in: no cache, no fingerprint, nothing to tell.
      if (!user) return true;
      await app.cache.clear(userPrefix(user.id));
      const { unread } = await app.changes.compare([user.username]);
      return unread.length === 0;
    };
    /** The named subjects in the store handled; true when a section named more people. */
    const handlePending = async (tried: Set<string>) => {
      const rows = await repo.pending(PENDING_AT_ONCE);
      let named = false;
      let progress = false;
      // Sections first: their students join the rows handled after them.
      for (const row of [...rows.filter((r) => r.kind === 'section'), ...rows]) {
        const key = `${row.kind}:${row.subject}`;
        // Once a poll: a read that failed is tried again on the next poll, not at once.
        if (tried.has(key)) continue;
        tried.add(key);
        progress = true;
        const ok = await handle(row).catch((err: unknown) => {
          app.log.warn({ err, kind: row.kind }, 'reading what an Ethos change named failed');
          return false;
        });
        if (ok) {
          await repo.handled([row]);
          named ||= row.kind === 'section';
        } else if (row.attempts + 1 >= ATTEMPTS) {
          await repo.handled([row]);
          app.log.warn(
            { attempts: row.attempts + 1, kind: row.kind },
            'what an Ethos change named could not be read: left to the next change or visit',
          );
        } else await repo.failed(row);
      }
      return progress && (named || rows.length === PENDING_AT_ONCE);
    };
    const poll = async () => {
      let applied = 0;
      const tried = new Set<string>();
      for (;;) {
        const round = await consumer.poll();
        // Another process holds the queue: it handles what was named.
        if (round === undefined) return applied;
        applied += round;
        while (await handlePending(tried));
        if (round < LIMIT) return applied;
      }
    };
    app.decorate('ethosConsume', { poll });
    if (!app.config.sis.ethos?.consume || !opts.notify?.run) return;
    if (app.config.notify.paused) {
      app.log.warn('NOTIFY_PAUSED=1: Ethos change notifications are left on the queue');
      return;
    }
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
