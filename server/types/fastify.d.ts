// What the portal's plugins add to Fastify's app and request, by declaration merging.
import type { Repositories } from '../plugins/repositories.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every repository, built once by plugins/repositories.ts. */
    repositories: Repositories;
  }
}
