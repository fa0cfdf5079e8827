// What the portal's plugins add to Fastify's app and request, by declaration merging.
import type { UserRecord } from '../db/repositories/users.repository.js';
import type { Repositories } from '../plugins/repositories.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every repository, built once by plugins/repositories.ts. */
    repositories: Repositories;
  }
  interface FastifyRequest {
    /**
     * The signed-in person, for a handler of a route in an authenticated scope
     * (plugins/authenticated.ts), whose guard found them before the handler runs. Read anywhere else
     * it throws: a route that needs a person belongs in such a scope.
     */
    readonly user: UserRecord;
  }
}
