import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';
import { AttendanceReadsRepository } from '../db/repositories/attendance-reads.repository.js';
import { GrantsRepository } from '../db/repositories/grants.repository.js';
import { AlertReadsRepository } from '../db/repositories/alert-reads.repository.js';
import { MessagesRepository } from '../db/repositories/messages.repository.js';
import { PreferencesRepository } from '../db/repositories/preferences.repository.js';
import { SessionsRepository } from '../db/repositories/sessions.repository.js';
import { UsersRepository } from '../db/repositories/users.repository.js';
import { SearchRepository } from '../search/search.repository.js';

export interface Repositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  preferences: PreferencesRepository;
  attendanceReads: AttendanceReadsRepository;
  grants: GrantsRepository;
  messages: MessagesRepository;
  alertReads: AlertReadsRepository;
  search: SearchRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    repos: Repositories;
  }
}

/** Hands the opened store and its repositories to every route; closes the store with the app. */
export default fp(
  async function db(app: FastifyInstance, opts: { database: Database }) {
    const { database } = opts;
    database.onConnectionError = (err) =>
      app.log.warn({ err }, 'a database connection failed; the pool opens new ones as needed');
    app.decorate('database', database);
    app.decorate('repos', {
      users: new UsersRepository(database.db),
      sessions: new SessionsRepository(database.db),
      preferences: new PreferencesRepository(database.db),
      attendanceReads: new AttendanceReadsRepository(database.db),
      grants: new GrantsRepository(database.db),
      messages: new MessagesRepository(database.db),
      alertReads: new AlertReadsRepository(database.db),
      search: new SearchRepository(database.db, database.dialect),
    });
    app.addHook('onClose', async () => database.close());
  },
  { name: 'db' },
);
