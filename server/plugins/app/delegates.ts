import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tellEnded } from '../../delegates/grants.js';
import { withoutPersonalData } from '../../delegates/personal-data.js';
import { delegateDeps } from '../../delegates/grants.js';

/** How often the process that runs the background work looks for grants that ended by their date. */
const EXPIRY_EVERY_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Access a student grants (issue 73): tell both sides of the grants that ended, now. */
    delegates: { tellEnded: () => Promise<number> };
  }
}

/**
 * Grants that end by their date (issue 73): an ended grant is refused at once (each delegate request
 * reads the store); this tells both sides, once (a grant is marked told by one statement, so two
 * processes never both tell it), every 5 minutes on the process that runs the background work.
 */
export default fp(
  async function delegates(app: FastifyInstance, opts: { notify?: { run?: boolean } }) {
    const once = () => tellEnded(delegateDeps(app), app.clock());
    app.decorate('delegates', { tellEnded: once });
    // A delegate's answer carries no student number, birth date or address (issue 73): stripped
    // from the serialized JSON, after the answer's schema and the cache (a plain hook: it sees
    // every answer, and for all but a delegate's reads does one comparison).
    app.addHook(
      'onSend',
      function delegateAnswerWithoutPersonalData(request, reply, payload, done) {
        if (request.acting?.actor.capacity !== 'delegate' || typeof payload !== 'string') {
          done(null, payload);
          return;
        }
        const type = reply.getHeader('content-type');
        done(
          null,
          typeof type === 'string' && type.includes('json')
            ? withoutPersonalData(payload)
            : payload,
        );
      },
    );
    if (!opts.notify?.run) return;
    let running = false;
    const tick = () => {
      if (running || app.lifecycle.draining) return;
      running = true;
      once()
        .then((told) => {
          if (told > 0) app.log.info({ told }, 'ended grants told');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'telling ended grants failed'))
        .finally(() => {
          running = false;
        });
    };
    const timer = setInterval(tick, EXPIRY_EVERY_MS).unref();
    app.addHook('preClose', async () => clearInterval(timer));
  },
  { name: 'delegates', dependencies: ['repositories', 'notify'] },
);
