import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { repositoryStores } from './stores.js';
import { NextStepsProfileRepository } from '../../../server/db/repositories/next-steps-profile.repository.js';
import { NextStepsTasksRepository } from '../../../server/db/repositories/next-steps-tasks.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { defaultsFor, sampleTasks } from '../../../server/next-steps/sample-data.js';
import { seedNextSteps } from '../../../server/next-steps/seed.js';
import { listTasks, patchTask, prepareTasks } from '../../../server/next-steps/tasks.js';
import { findPersona } from '../../../server/sis/personas.js';

const stores = repositoryStores('ns');

describe.each(stores)('Next Steps repositories on $name', ({ open }) => {
  let database: Database;
  let tasks: NextStepsTasksRepository;
  let profile: NextStepsProfileRepository;
  let users: UsersRepository;
  const now = new Date('2026-09-15T12:00:00.000Z');

  beforeAll(async () => {
    database = await open();
    tasks = new NextStepsTasksRepository(database.db);
    profile = new NextStepsProfileRepository(database.db);
    users = new UsersRepository(database.db);
  });
  afterAll(async () => database.close());

  it('seeds at least 30 sample tasks once, and not again when tasks exist', async () => {
    expect(await seedNextSteps(profile, tasks, now)).toBe(true);
    expect(await tasks.countTasks()).toBe(sampleTasks.length);
    expect(sampleTasks.length).toBeGreaterThanOrEqual(30);
    expect(await seedNextSteps(profile, tasks, now)).toBe(false);
    expect(await tasks.countTasks()).toBe(sampleTasks.length);
    expect((await profile.categories()).map((c) => c.slug)).toContain('fun');
    expect((await profile.studentTypes()).map((t) => t.name)).toContain('All Students');
  });

  it('the sample data has overdue, important, checklist, fun, later, ends-only and two-date tasks', async () => {
    const student = await users.upsertFromPersona(findPersona('new-student'), now);
    await profile.ensureUser(student.id, defaultsFor);
    await prepareTasks(tasks, student, false);
    const list = await listTasks(tasks, student, { published: true }, now);
    const fun = (await profile.categories()).find((c) => c.slug === 'fun')!.id;
    expect(list.some((t) => t.overdue)).toBe(true);
    expect(list.some((t) => t.task.is_important)).toBe(true);
    expect(list.some((t) => t.task.new_student_checklist)).toBe(true);
    expect(list.some((t) => t.task.category === fun)).toBe(true);
    expect(list.some((t) => t.task.starts_on !== null && new Date(t.task.starts_on) > now)).toBe(
      true,
    );
    expect(list.some((t) => t.task.starts_on === null && t.task.ends_on !== null)).toBe(true);
    expect(list.some((t) => t.task.starts_on !== null && t.task.ends_on !== null)).toBe(true);
    expect(await profile.isNewStudent(student.id)).toBe(true);
  });

  it('creates a user record once and keeps changes made through it', async () => {
    const user = await users.upsertFromPersona(findPersona('student'), now);
    await profile.ensureUser(user.id, defaultsFor);
    await prepareTasks(tasks, user, false);
    const [first] = await listTasks(tasks, user, { published: true }, now);
    const changed = await patchTask(tasks, user, first!.id, { starred: true }, now);
    expect(changed?.starred).toBe(true);
    await profile.ensureUser(user.id, defaultsFor);
    const again = await listTasks(tasks, user, { published: true }, now);
    expect(again.find((t) => t.id === first!.id)?.starred).toBe(true);
    expect(await profile.unacknowledgedMessages(user.id)).toHaveLength(1);
  });

  it('reading the task list never writes: records are made by prepare (at sign-in), drafts only for staff', async () => {
    const { id: _id, label: _label, ...fields } = findPersona('provisional');
    const fresh = { ...fields, username: 'tfresh', persona: null, has_provisional_account: false };
    const user = await users.upsert(fresh, now);
    await profile.ensureUser(user.id, defaultsFor);
    expect(await listTasks(tasks, user, { published: true }, now)).toEqual([]);
    expect(await listTasks(tasks, user, { published: false }, now)).toEqual([]);
    await prepareTasks(tasks, user, false);
    expect((await listTasks(tasks, user, { published: true }, now)).length).toBeGreaterThan(0);
    expect(await listTasks(tasks, user, { published: false }, now)).toEqual([]);
  });

  it('a provisional account has no list: no records at sign-in and no tasks listed (issue 40)', async () => {
    const user = await users.upsertFromPersona(findPersona('provisional'), now);
    await profile.ensureUser(user.id, defaultsFor);
    await prepareTasks(tasks, user, false);
    // Records made before the rule (or by a staff save) are not listed either.
    await prepareTasks(tasks, { ...user, has_provisional_account: false }, false);
    expect(
      await listTasks(tasks, { ...user, has_provisional_account: false }, { published: true }, now),
    ).toEqual([]);
  });

  it('an employee with no student role gets no student tasks, drafts included, even with a student type ticked (issue #28)', async () => {
    const user = await users.upsertFromPersona(findPersona('emeritus'), now);
    await profile.ensureUser(user.id, () => ({
      studentTypes: ['Undergraduate'],
      notificationTypes: [],
    }));
    await prepareTasks(tasks, user, true);
    expect(await listTasks(tasks, user, { published: true }, now)).toEqual([]);
    expect(await listTasks(tasks, user, { published: false }, now)).toEqual([]);
  });

  it("refuses to change another user's records", async () => {
    const owner = await users.upsertFromPersona(findPersona('student'), now);
    const other = await users.upsertFromPersona(findPersona('student-worker'), now);
    await profile.ensureUser(other.id, defaultsFor);
    await prepareTasks(tasks, owner, false);
    const [first] = await listTasks(tasks, owner, { published: true }, now);
    expect(await patchTask(tasks, other, first!.id, { starred: true }, now)).toBeUndefined();
    const [message] = await profile.unacknowledgedMessages(owner.id);
    expect(await profile.acknowledge(other.id, message!.id, now.toISOString())).toBeUndefined();
  });
});
