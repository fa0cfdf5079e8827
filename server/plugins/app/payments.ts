import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PaymentsLedger } from '../../payments/ledger.js';

/** How often the process that runs the background work looks for hand-offs no provider answered. */
const EXPIRY_EVERY_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Paying the bill (issue 89): the payments' one writer, and the expiry of stale hand-offs. */
    payments: {
      ledger: PaymentsLedger;
      /**
       * Each payment handed off more than the campus's `payments.handoffHours` ago that no
       * provider answered for is expired, now; resolves to how many.
       */
      expireHandoffs: () => Promise<number>;
    };
  }
}

/**
 * Payments (issue 89): one ledger for the routes, the changes' balance reads and /admin; and, on the
 * process that runs the background work, every 5 minutes, the hand-offs older than the campus's
 * `handoffHours` expired (each moved by one conditional statement, so two processes never both
 * move one).
 */
export default fp(
  async function payments(app: FastifyInstance, opts: { notify?: { run?: boolean } }) {
    const ledger = new PaymentsLedger(app.repositories.payments, app.log);
    const { handoffHours } = app.config.campusPayments;
    const expireHandoffs = () => {
      const now = app.clock();
      return ledger.expireHandoffs(new Date(now.getTime() - handoffHours * 3_600_000), now);
    };
    app.decorate('payments', { ledger, expireHandoffs });
    if (!opts.notify?.run) return;
    let running = false;
    const tick = () => {
      if (running || app.lifecycle.draining) return;
      running = true;
      expireHandoffs()
        .then((expired) => {
          if (expired > 0) app.log.info({ expired }, 'payments no provider answered expired');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'expiring payments failed'))
        .finally(() => {
          running = false;
        });
    };
    const timer = setInterval(tick, EXPIRY_EVERY_MS).unref();
    app.addHook('preClose', async () => clearInterval(timer));
  },
  { name: 'payments', dependencies: ['repositories'] },
);
