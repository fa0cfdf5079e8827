import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parseFingerprint } from '../../changes/fingerprint.js';
import type { Change } from '../../changes/kinds.js';
import { readFingerprint, sweep, yieldToOthers } from '../../changes/sweep.js';
import type { SweepResult } from '../../changes/sweep.js';
import { tellChanges } from '../../changes/tell.js';
import { FINGERPRINT_READS, withFreshRead } from '../../changes/visit.js';
import type { SisEndpoint } from '../../sis/endpoints.js';

/** The sweep's lease outlives a batch of slow reads; renewed between batches. */
const LEASE_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes to a student's record (issue 74). */
    changes: {
      /** One sweep now, as the schedule runs it (on Ethos: the students with no baseline only). */
      sweep: () => Promise<SweepResult | undefined>;
      /**
       * The named students read afresh and compared (Ethos change notifications): the changes
       * raised, and the students whose reads failed (compared again by the caller's next round).
       */
      compare: (usernames: readonly string[]) => Promise<{ changes: Change[]; unread: string[] }>;
      /** A fresh read of the student's own record (a page's cache miss), compared in the background. */
      seen: (
        user: { id: number; username: string },
        read: SisEndpoint,
        term: string | undefined,
        answer: unknown,
      ) => void;
      /** Resolves once the comparisons `seen` started are done (tests, a closing process). */
      idle: () => Promise<void>;
    };
  }
}

/**
 * Changes to a student's record (issue 74). With `CHANGES=on`, the process that runs the background
 * work (server.ts) sweeps every `CHANGES_SWEEP_MINUTES`, one process at a time under the store's
 * lease: on the sample or HTTP SIS every student, on Ethos only those with no baseline yet (the
 * change notifications name the others: `ethos-consume.ts` calls `compare`). Every process compares
 * a student's fresh reads as their pages make them (`seen`, from `sources/live.ts`).
 */
export default fp(
  async function changes(app: FastifyInstance, opts: { notify?: { run?: boolean } }) {
    const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const { enabled, sweepMinutes, sisConcurrency } = app.config.changes;
    const ethos = app.ethosSis !== null;
    const supported =
      ethos || app.config.sis.adapter === 'sample' || app.config.sis.adapter === 'http';
    const repos = app.repositories;
    const zone = app.config.campus.timeZone;
    const warn = (userId: number, err: unknown) =>
      app.log.warn({ err, userId }, 'reading a record for its changes failed');
    const once = async () =>
      enabled && supported
        ? sweep({
            repos,
            sis: app.sis,
            clock: () => app.clock(),
            concurrency: sisConcurrency,
            holder,
            leaseMs: LEASE_MS,
            zone,
            baselinesOnly: ethos,
            onError: (student, err) => warn(student.id, err),
          })
        : undefined;
    const compare = async (usernames: readonly string[]) => {
      const out: Change[] = [];
      const unread: string[] = [];
      if (!enabled) return { changes: out, unread };
      const names = [...new Set(usernames)];
      for (let i = 0; i < names.length; i += sisConcurrency) {
        const batch = await Promise.all(
          names.slice(i, i + sisConcurrency).map(async (username) => {
            const user = await repos.users.findByUsername(username);
            if (!user) return [];
            try {
              const fresh = await readFingerprint(app.sis, { username, persona: null });
              const ctx = {
                repos,
                now: app.clock(),
                zone,
                onTaskError: (e: unknown) => warn(user.id, e),
              };
              return await tellChanges(ctx, user, fresh);
            } catch (err) {
              warn(user.id, err);
              unread.push(username);
              return [];
            }
          }),
        );
        out.push(...batch.flat());
        await yieldToOthers();
      }
      return { changes: out, unread };
    };
    // One student's visit comparisons one after another: two reads of one page (holds, advisor)
    // would otherwise each find the other's version moved and write nothing.
    const queues = new Map<number, Promise<void>>();
    const seen: FastifyInstance['changes']['seen'] = (user, read, term, answer) => {
      if (!enabled || !FINGERPRINT_READS.has(read)) return;
      const step = async () => {
        const stored = await repos.recordChanges.stored(user.id);
        const before = stored && parseFingerprint(stored.fingerprint);
        const fresh = before && withFreshRead(before, read, answer, term);
        if (!fresh) return;
        const ctx = {
          repos,
          now: app.clock(),
          zone,
          onTaskError: (e: unknown) => warn(user.id, e),
        };
        await tellChanges(ctx, user, fresh);
      };
      const next = (queues.get(user.id) ?? Promise.resolve())
        .then(step)
        .catch((err: unknown) => warn(user.id, err));
      queues.set(user.id, next);
      void next.finally(() => {
        if (queues.get(user.id) === next) queues.delete(user.id);
      });
    };
    const idle = async () => {
      while (queues.size > 0) await Promise.all([...queues.values()]);
    };
    app.decorate('changes', { sweep: once, compare, seen, idle });
    app.addHook('preClose', idle);
    if (!enabled || !supported || !opts.notify?.run) return;
    let running = false;
    const tick = () => {
      if (running || app.lifecycle.draining) return;
      running = true;
      once()
        .then((result) => {
          if (result && result.changes.length > 0)
            app.log.info({ changes: result.changes.length }, 'changes to records told');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'the changes sweep failed'))
        .finally(() => {
          running = false;
        });
    };
    const timer = setInterval(tick, sweepMinutes * 60_000).unref();
    app.addHook('preClose', async () => clearInterval(timer));
  },
  { name: 'changes', dependencies: ['repositories', 'sis'] },
);
