import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRecord } from '../../db/repositories/users.repository.js';
import { defaultsFor } from '../../next-steps/sample-data.js';
import { readStudentRecord } from '../../next-steps/student-record.js';
import { prepareTasks } from '../../next-steps/tasks.js';
import { isStaff } from '../../auth/rights.js';

export interface NextSteps {
  /** Gives a user their preference, affiliations and message the first time they are seen. */
  ensureUser: (user: UserRecord) => Promise<void>;
  /**
   * At sign-in: the user's preference, affiliations and message, and a record of every task assigned
   * to them (drafts too for staff), so that no GET ever writes.
   */
  prepare: (user: UserRecord, bearer?: string) => Promise<void>;
  /**
   * Sign-in's share of `prepare`: waits for it at most `SIGN_IN_WAIT_MS` (a first sign-in reads the
   * student record from the SIS, which may be slow), and lets the rest finish behind the answer.
   */
  prepareAtSignIn: (user: UserRecord, bearer?: string) => Promise<void>;
  /** Resolves once a `prepare` still running for the user has ended (at once when none is). */
  settled: (userId: number) => Promise<void>;
}

/** How long a sign-in waits for the person's Next Steps records before answering anyway. */
export const SIGN_IN_WAIT_MS = 1_500;

declare module 'fastify' {
  interface FastifyInstance {
    nextSteps: NextSteps;
  }
}

/** The Next Steps store (its sample data is seeded by the store's start: server/store-seed.ts). */
export default fp(
  async function nextSteps(app: FastifyInstance) {
    const { nextStepsTasks: tasks, nextStepsProfile: profile } = app.repositories;
    // A user's records are made once; after that every Next Steps call would only look again.
    const ready = new Set<number>();
    // Asked only the first time Next Steps meets the person: their student types from the record.
    // `bearer`: the sign-in's token, where the SIS is read as the student (issue 91).
    const firstDefaults = (user: UserRecord, bearer?: string) => async (isNewStudent: boolean) =>
      defaultsFor(isNewStudent, await readStudentRecord(app, user, bearer));
    // One preparation at a time per person: a sign-in that answered before its preparation ended
    // leaves it here, and the task list waits for it instead of reading half-made records.
    const inFlight = new Map<number, Promise<void>>();
    const prepare = (user: UserRecord, bearer?: string): Promise<void> => {
      const running = inFlight.get(user.id);
      if (running) return running;
      const started = (async () => {
        await profile.ensureUser(user.id, firstDefaults(user, bearer));
        await prepareTasks(tasks, user, isStaff(user));
      })().finally(() => inFlight.delete(user.id));
      inFlight.set(user.id, started);
      return started;
    };
    app.decorate('nextSteps', {
      ensureUser: async (user) => {
        if (ready.has(user.id)) return;
        await inFlight.get(user.id)?.catch(() => undefined);
        await profile.ensureUser(user.id, firstDefaults(user));
        if (ready.size >= 100_000) ready.clear();
        ready.add(user.id);
      },
      prepare,
      prepareAtSignIn: async (user, bearer) => {
        const running = prepare(user, bearer).catch((err: unknown) => {
          app.log.warn({ err }, 'Next Steps: the records made at sign-in could not be prepared');
        });
        let timer: NodeJS.Timeout | undefined;
        const waited = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, SIGN_IN_WAIT_MS);
        });
        await Promise.race([running, waited]);
        clearTimeout(timer);
      },
      settled: async (userId) => {
        await inFlight.get(userId)?.catch(() => undefined);
      },
    });
    const zone = app.config.campus.timeZone;
    // Date-only deadlines end with their campus day (migration 021 marks the old ones).
    const moved = await tasks.alignDateOnlyEnds(zone);
    if (moved > 0)
      app.log.info({ moved }, 'date-only deadlines put at the end of their campus day');
  },
  { name: 'next-steps', dependencies: ['repositories', 'sis'] },
);
