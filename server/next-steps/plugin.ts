import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { defaultsFor } from './sample-data.js';
import { seedNextSteps } from './seed.js';
import { readStudentRecord } from './student-record.js';
import { isStaff } from '../auth/rights.js';

export interface NextSteps {
  /** Gives a user their preference, affiliations and message the first time they are seen. */
  ensureUser: (user: UserRecord) => Promise<void>;
  /**
   * At sign-in: the user's preference, affiliations and message, and a record of every task assigned
   * to them (drafts too for staff), so that no GET ever writes.
   */
  prepare: (user: UserRecord) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    nextSteps: NextSteps;
  }
}

/** The Next Steps store; seeds the sample data at start when the task tables are empty. */
export default fp(
  async function nextSteps(app: FastifyInstance) {
    const { nextStepsTasks: tasks, nextStepsProfile: profile } = app.repositories;
    // A user's records are made once; after that every Next Steps call would only look again.
    const ready = new Set<number>();
    // Asked only the first time Next Steps meets the person: their student types from the record.
    const firstDefaults = (user: UserRecord) => async (isNewStudent: boolean) =>
      defaultsFor(isNewStudent, await readStudentRecord(app, user));
    app.decorate('nextSteps', {
      ensureUser: async (user) => {
        if (ready.has(user.id)) return;
        await profile.ensureUser(user.id, firstDefaults(user));
        if (ready.size >= 100_000) ready.clear();
        ready.add(user.id);
      },
      prepare: async (user) => {
        await profile.ensureUser(user.id, firstDefaults(user));
        await tasks.prepare(user.id, isStaff(user));
      },
    });
    if (await seedNextSteps(app.database.db, tasks, app.clock())) {
      app.log.info('seeded the Next Steps sample data');
    }
  },
  { name: 'next-steps', dependencies: ['repositories', 'sis'] },
);
