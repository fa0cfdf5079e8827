import { Kysely, SqliteDialect } from 'kysely';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_STUDENTS } from '../../../contract/next-steps/choices.schema.js';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { DeadlineTasksRepository } from '../../../server/db/repositories/deadline-tasks.repository.js';
import type { DeadlineWindow } from '../../../server/db/repositories/deadline-tasks.repository.js';
import type { DatabaseSchema } from '../../../server/db/schema.js';
import { taskRow, userRow } from '../../fixtures/store-rows.js';
import { repositoryStores } from './stores.js';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const DAY = 86_400_000;
const WINDOW: DeadlineWindow = { at: NOW, after: NOW, upTo: new Date(NOW.getTime() + 30 * DAY) };

/** Seven students with a record of each of four tasks (three due in the window), one done. */
async function fill(database: Database) {
  const { db } = database;
  const category = await db
    .insertInto('ns_categories')
    .values({ slug: 'deadlines', name: 'Deadlines' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const everyone = await db
    .insertInto('ns_student_types')
    .values({ name: ALL_STUDENTS })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tasks = await db
    .insertInto('ns_tasks')
    .values(
      [5, 2, 9, 45].map((days, i) =>
        taskRow(`Task ${i}`, category.id, {
          has_deadline: 1,
          ends_on: new Date(NOW.getTime() + days * DAY).toISOString(),
        }),
      ),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('ns_task_student_types')
    .values(tasks.map((t) => ({ task_id: t.id, student_type_id: everyone.id })))
    .execute();
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: 7 }, (_, i) => userRow(`student${i}`, NOW)))
    .returning('id')
    .execute();
  await db
    .insertInto('ns_user_preferences')
    .values(users.map((u) => ({ user_id: u.id, notifications: '[]' })))
    .execute();
  await db
    .insertInto('ns_user_tasks')
    .values(
      users.flatMap((u, i) =>
        tasks.map((t, k) => ({
          user_id: u.id,
          task_id: t.id,
          starred: 0,
          completed_on: i === 3 && k === 0 ? NOW.toISOString() : null,
        })),
      ),
    )
    .execute();
}

describe.each(repositoryStores('deadline_pages'))(
  'open deadlines a page at a time on $name',
  (store) => {
    let database: Database;
    let deadlines: DeadlineTasksRepository;

    beforeAll(async () => {
      database = await store.open();
      deadlines = new DeadlineTasksRepository(database.db);
      await fill(database);
    });
    afterAll(() => database.close());

    it('the window’s tasks, page by page, give the rows open gives, in its task order', async () => {
      const whole = await deadlines.open(WINDOW);
      expect(whole).toHaveLength(3 * 7 - 1);
      const paged = [];
      for (const taskId of await deadlines.openTaskIds(WINDOW)) {
        let afterUserTaskId = 0;
        for (;;) {
          const page = await deadlines.openPage(WINDOW, { taskId, afterUserTaskId, limit: 3 });
          expect(page.length).toBeLessThanOrEqual(3);
          paged.push(...page);
          if (page.length < 3) break;
          afterUserTaskId = page[page.length - 1]!.userTaskId;
        }
      }
      expect(paged.map((r) => r.taskId)).toEqual(whole.map((r) => r.taskId));
      expect(paged.map((r) => r.userTaskId).sort((a, b) => a - b)).toEqual(
        whole.map((r) => r.userTaskId).sort((a, b) => a - b),
      );
    });

    it('the people with a record in the window, page by page in id order, are each once those open gives (the weekly digest’s round)', async () => {
      // The whole window (everyone), and Task 0's days alone (its one record done is left out).
      const task0 = {
        at: NOW,
        after: new Date(NOW.getTime() + 3 * DAY),
        upTo: new Date(NOW.getTime() + 6 * DAY),
      };
      for (const window of [WINDOW, task0]) {
        const whole = [...new Set((await deadlines.open(window)).map((r) => r.userId))];
        const paged: number[] = [];
        for (let afterUserId = 0; ;) {
          const page = await deadlines.peopleWithOpen(window, { afterUserId, limit: 3 });
          paged.push(...page.map((p) => p.userId));
          if (page.length < 3) break;
          afterUserId = page[page.length - 1]!.userId;
        }
        expect(paged).toEqual(whole.sort((a, b) => a - b));
      }
      const everyone = await deadlines.peopleWithOpen(WINDOW, { afterUserId: 0, limit: 100 });
      const someone = await deadlines.peopleWithOpen(task0, { afterUserId: 0, limit: 100 });
      expect([everyone.length, someone.length]).toEqual([7, 6]);
    });

    it('the window’s tasks are earliest deadline first, without the one after it', async () => {
      const ids = await deadlines.openTaskIds(WINDOW);
      const titles = await database.db
        .selectFrom('ns_tasks')
        .select(['id', 'title'])
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(titles.map((t) => [t.id, t.title]));
      expect(ids.map((id) => byId.get(id))).toEqual(['Task 1', 'Task 0', 'Task 2']);
    });
  },
);

/**
 * The query plan of the one statement `read` makes on a SQLite store `fill` filled, after what
 * `before` reads (not logged).
 */
async function sqlitePlan(
  read: (deadlines: DeadlineTasksRepository, before: number[]) => Promise<unknown>,
  before: (deadlines: DeadlineTasksRepository) => Promise<number[]> = async () => [],
): Promise<string[]> {
  const database = await openDatabase({ sqliteFile: ':memory:' });
  try {
    await fill(database);
    const statements: CompiledQuery[] = [];
    // The same connection, its statements logged (not destroyed: that would close it).
    const logged = new Kysely<DatabaseSchema>({
      dialect: new SqliteDialect({ database: database.sqlite!.connection }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    });
    const deadlines = new DeadlineTasksRepository(logged);
    const found = await before(deadlines);
    statements.length = 0;
    await read(deadlines, found);
    expect(statements).toHaveLength(1);
    return database
      .sqlite!.connection.prepare(`EXPLAIN QUERY PLAN ${statements[0]!.sql}`)
      .all(...(statements[0]!.parameters as unknown[]))
      .map((row) => (row as { detail: string }).detail);
  } finally {
    await database.close();
  }
}

const scansRecords = (plan: string[]) =>
  plan.filter((detail) => /^SCAN (ut|ns_user_tasks)\b/.test(detail));

describe('a page of open deadlines on SQLite', () => {
  it('reads one task’s records on the ns_user_tasks_task index (migration 030), never scanning ns_user_tasks', async () => {
    const plan = await sqlitePlan(
      (deadlines, [taskId]) =>
        deadlines.openPage(WINDOW, { taskId: taskId!, afterUserTaskId: 0, limit: 500 }),
      (deadlines) => deadlines.openTaskIds(WINDOW),
    );
    expect(plan).toContainEqual(
      expect.stringMatching(
        /^SEARCH ut USING INDEX ns_user_tasks_task \(task_id=\? AND rowid>\?\)/,
      ),
    );
    expect(scansRecords(plan)).toEqual([]);
  });

  it('reads the weekly digest’s people a person at a time: each person’s records on the ns_user_tasks user index, never scanning ns_user_tasks', async () => {
    const plan = await sqlitePlan((deadlines) =>
      deadlines.peopleWithOpen(WINDOW, { afterUserId: 0, limit: 500 }),
    );
    // From the page's first person on, in id order; each person's records by their user id (the
    // unique (user_id, task_id) constraint's index, migration 002).
    expect(plan[0]).toMatch(/^SEARCH np USING INDEX \S+ \(user_id>\?\)/);
    expect(plan).toContainEqual(expect.stringMatching(/^SEARCH ut USING INDEX \S+ \(user_id=\?\)/));
    expect(scansRecords(plan)).toEqual([]);
  });
});
