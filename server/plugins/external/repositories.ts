import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoriesOn } from '../../db/repositories.js';
import { sqliteSearchScan } from '../../search/search-pool.js';

/**
 * Builds every repository once, after the store is open, and hands them to every route and plugin as
 * `app.repositories`: route files take them from there and construct none (eslint keeps it so). A
 * SQLite store's search is given its scan here, the search thread (search/search-pool.ts), which the
 * store below cannot name.
 */
export default fp(
  async function repositories(app: FastifyInstance) {
    app.decorate(
      'repositories',
      repositoriesOn(
        app.database.db,
        app.database.dialect,
        app.database.sqlite && sqliteSearchScan(app.database.sqlite),
      ),
    );
  },
  { name: 'repositories', dependencies: ['db'] },
);
