import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Hands the opened store to the plugins (plugins/external/repositories.ts builds its repositories); closes it with the app. */
export default fp(
  async function db(app: FastifyInstance, opts: { database: Database }) {
    const { database } = opts;
    database.onConnectionError = (err) =>
      app.log.warn({ err }, 'a database connection failed; the pool opens new ones as needed');
    app.decorate('database', database);
    app.addHook('onClose', async () => database.close());
  },
  { name: 'db' },
);
