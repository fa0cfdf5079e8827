import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_STUDENTS } from '../../../contract/next-steps/choices.schema.js';
import type { Role } from '../../../contract/roles.schema.js';
import type { Database } from '../../../server/db/database.js';
import { NextStepsTasksRepository } from '../../../server/db/repositories/next-steps-tasks.repository.js';
import { listTasks } from '../../../server/next-steps/tasks.js';
import type { SearchRepository } from '../../../server/db/repositories/search.repository.js';
import { searchWords } from '../../../server/search/search-query.js';
import { taskRow, userRow } from '../../fixtures/store-rows.js';
import { TEST_BUDGET, searchOn, searchStores } from './search-stores.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const EMPLOYEES = ['faculty', 'staff', 'advisor', 'emeritus'] as const satisfies readonly Role[];

/**
 * Issue 41: search finds a task only when the person's Next Steps list shows it (the list's one rule,
 * next-steps/task-visibility.ts). Everyone here holds a record of every task, as a staff save for
 * everyone or an earlier rule would have left them.
 */
describe.each(searchStores('search_tasks'))('search’s Next Steps tasks on $name', ({ open }) => {
  let database: Database;
  let search: SearchRepository;
  let tasks: NextStepsTasksRepository;
  const people = new Map<string, number>();
  const taskIds = new Map<string, number>();

  const found = async (username: string, role: Role) =>
    (
      await search.search(
        { userId: people.get(username)!, username, roles: [role], hiddenCategories: [] },
        searchWords('orientation'),
        now,
        TEST_BUDGET,
      )
    ).tasks
      .map((t) => t.id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    database = await open();
    const { db } = database;
    search = searchOn(database);
    tasks = new NextStepsTasksRepository(db);
    const type = async (name: string) =>
      (
        await db
          .insertInto('ns_student_types')
          .values({ name })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [all, freshman, transfer] = [
      await type(ALL_STUDENTS),
      await type('Freshman'),
      await type('Transfer'),
    ];
    const category = await db
      .insertInto('ns_categories')
      .values({ slug: 'general', name: 'General' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [title, typeId] of [
      ['Orientation checklist', all],
      ['Freshman orientation housing', freshman],
      ['Transfer orientation credits', transfer],
      // Published this morning, for every student.
      ['New orientation survey', all],
    ] as const) {
      const over = title.startsWith('New') ? { publishes_on: '2026-11-21T08:00:00.000Z' } : {};
      const { id } = await db
        .insertInto('ns_tasks')
        .values(taskRow(title, category.id, over))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('ns_task_student_types')
        .values({ task_id: id, student_type_id: typeId })
        .execute();
      taskIds.set(title, id);
    }
    for (const [username, role] of [
      ...EMPLOYEES.map((role) => [role, role] as const),
      ['changed', 'student'] as const,
    ]) {
      const { id } = await db
        .insertInto('users')
        .values(userRow(username, now, { primary_role: role }))
        .returning('id')
        .executeTakeFirstOrThrow();
      people.set(username, id);
      await db
        .insertInto('ns_user_tasks')
        .values([...taskIds.values()].map((task_id) => ({ user_id: id, task_id, starred: 0 })))
        .execute();
    }
    // The student was a freshman (their records come from then) and is a transfer student now.
    await db
      .insertInto('ns_user_student_types')
      .values({ user_id: people.get('changed')!, student_type_id: transfer })
      .execute();
  });
  afterAll(async () => database.close());

  it.each(EMPLOYEES)(
    'a person whose primary role is %s (no Next Steps list) finds no student task, the newly published one included',
    async (role) => {
      expect(await found(role, role)).toEqual([]);
    },
  );

  it('a student whose types changed finds exactly the tasks their list shows', async () => {
    const holder = {
      id: people.get('changed')!,
      primary_role: 'student' as const,
      other_roles: [],
      has_provisional_account: false,
      nine_number: '900000042',
    };
    const listed = (await listTasks(tasks, holder, { published: true }, now))
      .map((t) => t.task.id)
      .sort((a, b) => a - b);
    expect(listed).toHaveLength(3);
    expect(listed).not.toContain(taskIds.get('Freshman orientation housing'));
    expect(await found('changed', 'student')).toEqual(listed);
  });
});
