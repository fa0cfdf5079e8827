// What the portal's plugins add to Fastify's app and request, by declaration merging.
import type { UserRecord } from '../db/repositories/users.repository.js';
import type { FeedProblems } from '../feeds/feed-problems.js';
import type { InboundCall } from '../inbound/call.js';
import type { Repositories } from '../db/repositories.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every repository, built once by plugins/external/repositories.ts. */
    repositories: Repositories;
    /** `draining` turns true when the process got SIGTERM (server.ts): `/readyz` then answers 503. */
    lifecycle: { draining: boolean };
    /** What the last read of each configured feed found wrong (feeds/feed-problems.ts). */
    feedProblems: FeedProblems;
  }
  interface FastifyRequest {
    /**
     * The signed-in person, for a handler of a route in an authenticated scope
     * (plugins/authenticated.ts), whose guard found them before the handler runs. Read anywhere else
     * it throws: a route that needs a person belongs in such a scope.
     */
    readonly user: UserRecord;
    /** An inbound API call (routes/inbound/): its publisher and key, and what its audit says. */
    inbound: InboundCall | null;
  }
}
