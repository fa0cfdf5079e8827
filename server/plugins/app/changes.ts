import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweep } from '../../changes/sweep.js';
import type { SweepResult } from '../../changes/sweep.js';

/** The sweep's lease outlives a batch of slow reads; renewed between batches. */
const LEASE_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes to a student's record (issue 74): one sweep now, as the schedule runs it. */
    changes: { sweep: () => Promise<SweepResult | undefined> };
  }
}

/**
 * Changes to a student's record (issue 74): with `CHANGES=on` and the sample or HTTP SIS, the
 * process that runs the background work (server.ts) sweeps every `CHANGES_SWEEP_MINUTES`, one
 * process at a time under the store's lease. `app.changes.sweep()` runs one sweep (tests, a tool).
 */
export default fp(
  async function changes(app: FastifyInstance, opts: { notify?: { run?: boolean } }) {
    const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const { enabled, sweepMinutes, sisConcurrency } = app.config.changes;
    const supported = app.config.sis.adapter === 'sample' || app.config.sis.adapter === 'http';
    const once = async () =>
      enabled && supported
        ? sweep({
            repos: app.repositories,
            sis: app.sis,
            clock: () => app.clock(),
            concurrency: sisConcurrency,
            holder,
            leaseMs: LEASE_MS,
            zone: app.config.campus.timeZone,
            onError: (student, err) =>
              app.log.warn({ err, userId: student.id }, 'reading a record for its changes failed'),
          })
        : undefined;
    app.decorate('changes', { sweep: once });
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
