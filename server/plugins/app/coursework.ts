import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CourseworkService } from '../../coursework/coursework.js';
import type { CourseworkOptions } from '../../coursework/coursework.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each student's own LMS calendar feed (issue 45). */
    coursework: CourseworkService;
  }
}

/** How often the schedule looks for feeds due a reading (each feed is read about every 30 min). */
const TICK_MS = 60_000;

/**
 * Coursework deadlines: the service the routes use, and — in the process that runs the schedule
 * (server.ts) — a tick every minute that reads the feeds whose jittered time has come.
 */
export default fp(
  async function coursework(app: FastifyInstance, opts: { coursework?: CourseworkOptions }) {
    const options = opts.coursework ?? {};
    const service = new CourseworkService(app, app.secretBox, options);
    app.decorate('coursework', service);
    if (!options.poll) return;
    let running = false;
    const tick = () => {
      if (running || app.lifecycle.draining) return;
      running = true;
      service
        .pollOnce()
        .catch((err: unknown) => app.log.error({ err }, 'coursework schedule failed'))
        .finally(() => {
          running = false;
        });
    };
    const timer = setInterval(tick, options.tickMs ?? TICK_MS).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'coursework', dependencies: ['repositories', 'identity'] },
);
