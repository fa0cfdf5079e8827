import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { canUseDemo } from '../../auth/rights.js';
import { demoAdapters } from '../../demo/adapters.js';
import { DEMO_COOKIE } from '../../demo/demo-mode.js';
import type { DataAdapters } from '../../sources/adapters.js';
import { liveAdapters } from '../../sources/live.js';

/** Where a request's data comes from: the demo sample (`server/demo/`) or the person's own. */
export type DataSource = 'demo' | 'live';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The data this request reads and writes (`sources/adapters.ts`): the demo adapters while its data
     * source is `demo`, the live ones otherwise. Chosen here only, when a handler first asks (after
     * the route's guard found the person), and kept for the request. The handler gets one set and no
     * way to the other, nor the mode itself.
     */
    readonly adapters: DataAdapters;
    /** The set `adapters` chose, kept for the request (null until a handler first asks). */
    adaptersChosen: DataAdapters | null;
  }
}

/**
 * portal.md §4 Demo mode is a data source chosen per request: the cookie asks for it, the right allows
 * it. A cookie set by hand, or kept after the right was revoked, shows the person their own data.
 * The right is the one the session was checked with: read from the store on a change, and forgotten
 * by every process when a grant changes (plugins/app/session.ts). Before any guard ran: `live`.
 */
export function dataSourceOf(request: FastifyRequest): DataSource {
  const asked = request.cookies[DEMO_COOKIE] === '1';
  return asked && request.auth !== null && canUseDemo(request.auth.user) ? 'demo' : 'live';
}

export default fp(
  async function dataSources(app: FastifyInstance) {
    // A field every request is made with (not a WeakMap: its entry per request cost the cached read
    // about 20 µs of CPU in bench:api, in collecting them).
    app.decorateRequest('adaptersChosen', null);
    app.decorateRequest('adapters', {
      getter(this: FastifyRequest) {
        this.adaptersChosen ??=
          dataSourceOf(this) === 'demo' ? demoAdapters(app, this) : liveAdapters(app, this);
        return this.adaptersChosen;
      },
    });
  },
  { name: 'data-sources', dependencies: ['session', 'repositories'] },
);
