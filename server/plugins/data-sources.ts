import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { canUseDemo } from '../auth/rights.js';
import { DEMO_COOKIE } from '../demo/demo-mode.js';

/** Where a request's data comes from: the demo sample (`server/demo/`) or the person's own. */
export type DataSource = 'demo' | 'live';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * This request's data source, decided here only: `demo` while the demo cookie is set and the
     * request's user, as its guard found them, holds the demo right; `live` otherwise (and before any
     * guard ran). Every route that has demo data asks this, never the cookie.
     */
    readonly dataSource: DataSource;
  }
}

/**
 * portal.md §4 Demo mode is a data source chosen per request: the cookie asks for it, the right allows
 * it. A cookie set by hand, or kept after the right was revoked, shows the person their own data.
 * The right is the one the session was checked with: read from the store on a change, and forgotten
 * by every process when a grant changes (plugins/session.ts).
 */
export function dataSourceOf(request: FastifyRequest): DataSource {
  const asked = request.cookies[DEMO_COOKIE] === '1';
  return asked && request.auth !== null && canUseDemo(request.auth.user) ? 'demo' : 'live';
}

export default fp(
  async function dataSources(app: FastifyInstance) {
    app.decorateRequest('dataSource', {
      getter(this: FastifyRequest) {
        return dataSourceOf(this);
      },
    });
  },
  { name: 'data-sources', dependencies: ['session'] },
);
