import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCampus, campusSize } from '../../../bench/lib/campus-store.js';
import type { BuiltCampus } from '../../../bench/lib/campus-store.js';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { NextStepsTasksRepository } from '../../../server/db/repositories/next-steps-tasks.repository.js';
import { hash } from '../../../server/plugins/session-tokens.js';

const NOW = new Date('2026-11-25T12:00:00.000Z');

/** bench:campus's store builder at 20 students, so it cannot rot between the benchmark's runs. */
describe('the campus store builder at 20 students', () => {
  let database: Database;
  let built: BuiltCampus;

  beforeAll(async () => {
    database = await openDatabase({ sqliteFile: ':memory:' });
    built = await buildCampus(database, campusSize(20), NOW);
  });
  afterAll(() => database.close());

  const countOf = async (table: 'users' | 'ns_user_tasks' | 'messages' | 'notify_jobs') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the students, employees, 60 records a student, messages, a year of jobs and audit rows', async () => {
    const size = campusSize(20);
    expect(built.rows).toMatchObject({
      users: 20 + size.employees,
      ns_user_tasks: 20 * 60,
      content_posts: 500,
      messages: size.messages,
      notify_jobs: 20 * size.jobsPerStudent,
      audit_log: (20 + size.employees) * size.auditPerPerson,
      sessions: 20,
    });
    expect(await countOf('users')).toBe(built.rows.users);
    expect(await countOf('ns_user_tasks')).toBe(1200);
    expect(await countOf('messages')).toBe(size.messages);
    expect(await countOf('notify_jobs')).toBe(200);
  });

  it('writes tasks, posts and messages about campus subjects, which search finds', async () => {
    const task = await database.db
      .selectFrom('ns_tasks')
      .select('title')
      .where('title', 'like', 'Campus task 0:%')
      .executeTakeFirstOrThrow();
    expect(task.title).toBe('Campus task 0: registration opens for winter term');
    const post = await database.db
      .selectFrom('content_posts')
      .select('title')
      .where('slug', '=', 'campus-post-2')
      .executeTakeFirstOrThrow();
    expect(post.title).toBe('library hours during finals (2)');
  });

  it('scales the issue’s campus to the size asked: 30,000 students, 2,000 employees, 20,000 messages', () => {
    expect(campusSize(30_000)).toMatchObject({
      students: 30_000,
      employees: 2_000,
      tasksPerStudent: 60,
      posts: 500,
      messages: 20_000,
    });
  });

  it('every student’s 60 records are of tasks their Next Steps list holds', async () => {
    const tasks = new NextStepsTasksRepository(database.db);
    for (const session of built.sessions.slice(0, 5)) {
      const list = await tasks.list(session.userId, { published: true }, NOW);
      expect(list).toHaveLength(60);
      expect(new Set(list.map((r) => r.task.id))).toEqual(new Set(session.taskIds));
    }
  });

  it('each session opens by its token and its cookie, as a sign-in’s would', async () => {
    for (const session of built.sessions) {
      const row = await database.db
        .selectFrom('sessions')
        .select(['user_id', 'id_hash'])
        .where('token_hash', '=', hash(session.token))
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ user_id: session.userId, id_hash: hash(session.sessionId) });
    }
  });
});
