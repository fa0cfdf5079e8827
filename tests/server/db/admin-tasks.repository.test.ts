import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { AdminChoicesRepository } from '../../../server/db/repositories/admin-choices.repository.js';
import { AdminTasksRepository } from '../../../server/db/repositories/admin-tasks.repository.js';
import { AuditRepository } from '../../../server/db/repositories/audit.repository.js';
import { NextStepsProfileRepository } from '../../../server/db/repositories/next-steps-profile.repository.js';
import { NextStepsTasksRepository } from '../../../server/db/repositories/next-steps-tasks.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { seedNextSteps } from '../../../server/next-steps/seed.js';
import { findPersona } from '../../../server/sis/personas.js';
import { draftTask } from '../routes/admin/task-input.js';
import { repositoryStores } from './stores.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const ZONE = 'America/Los_Angeles';

describe.each(repositoryStores('admin'))('the admin repositories on $name', ({ open }) => {
  let database: Database;
  let tasks: AdminTasksRepository;
  let userId: number;
  let allStudents: number;

  beforeAll(async () => {
    database = await open();
    await seedNextSteps(
      new NextStepsProfileRepository(database.db),
      new NextStepsTasksRepository(database.db),
      now,
    );
    tasks = new AdminTasksRepository(database.db);
    userId = (await new UsersRepository(database.db).upsertFromPersona(findPersona('student'), now))
      .id;
    const types = await new AdminChoicesRepository(database.db).list('student-type');
    allStudents = types.find((t) => t.name === 'All Students')?.id ?? 0;
  });
  afterAll(async () => database.close());

  const studentSees = async (title: string, at = now) =>
    (await new NextStepsTasksRepository(database.db).list(userId, { published: true }, at)).some(
      (t) => t.task.title === title,
    );

  it('a task created for all students reaches a student on their next load', async () => {
    const task = await tasks.create(
      draftTask({ title: 'Reaches everyone', student_type_ids: [allStudents] }),
      ZONE,
    );
    expect(task).toMatchObject({ version: 1, student_type_ids: [allStudents] });
    expect(await studentSees('Reaches everyone')).toBe(true);
  });

  it('a task published for a later time stays hidden from students until then', async () => {
    const later = new Date(now.getTime() + 86_400_000).toISOString();
    await tasks.create(
      draftTask({ title: 'Tomorrow', student_type_ids: [allStudents], publishes_on: later }),
      ZONE,
    );
    expect(await studentSees('Tomorrow')).toBe(false);
    expect(await studentSees('Tomorrow', new Date(now.getTime() + 2 * 86_400_000))).toBe(true);
  });

  it('an unpublished task stays hidden from students', async () => {
    await tasks.create(
      draftTask({ title: 'Draft', student_type_ids: [allStudents], published: false }),
      ZONE,
    );
    expect(await studentSees('Draft')).toBe(false);
  });

  it('an edit at the current version saves and moves the version on; a stale one is refused', async () => {
    const task = await tasks.create(draftTask({ title: 'Versioned' }), ZONE);
    const saved = await tasks.update(task.id, draftTask({ title: 'Versioned again' }), 1, ZONE);
    expect(saved).toMatchObject({ ok: true, task: { version: 2, title: 'Versioned again' } });
    expect(await tasks.update(task.id, draftTask({ title: 'Stale' }), 1, ZONE)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect((await tasks.find(task.id))?.title).toBe('Versioned again');
    expect(await tasks.update(999_999, draftTask(), 1, ZONE)).toEqual({
      ok: false,
      reason: 'missing',
    });
  });

  it('deletes only at the version shown', async () => {
    const task = await tasks.create(draftTask({ title: 'To delete' }), ZONE);
    expect(await tasks.remove(task.id, 7)).toEqual({ ok: false, reason: 'stale' });
    expect(await tasks.remove(task.id, 1)).toMatchObject({ ok: true });
    expect(await tasks.find(task.id)).toBeUndefined();
  });

  it('searches by words of the title or description, category and state', async () => {
    const found = await tasks.search({ q: 'PARKING' }, now);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((t) => /parking/i.test(t.title + t.description))).toBe(true);
    expect((await tasks.search({ state: 'draft' }, now)).every((t) => !t.published)).toBe(true);
    expect((await tasks.search({ state: 'scheduled' }, now)).map((t) => t.title)).toEqual([
      'Tomorrow',
    ]);
    expect(await tasks.search({ q: '100%_' }, now)).toEqual([]);
  });

  it('a category in use cannot be deleted; a name already used is refused', async () => {
    const choices = new AdminChoicesRepository(database.db);
    expect(await choices.remove('category', 1)).toEqual({ ok: false, reason: 'in-use' });
    const [first] = await choices.list('category');
    expect(await choices.create('category', { name: first?.name ?? '', slug: 'new-one' })).toEqual({
      ok: false,
      reason: 'taken',
    });
    const made = await choices.create('notification-type', { name: 'Carrier pigeon' });
    expect(made.ok).toBe(true);
    if (made.ok)
      expect(await choices.remove('notification-type', made.value.id)).toMatchObject({ ok: true });
  });

  it('a choice is renamed only while its name (and slug) are still what the editor saw', async () => {
    const choices = new AdminChoicesRepository(database.db);
    const made = await choices.create('category', { name: 'Bike storage', slug: 'bike-storage' });
    if (!made.ok) throw new Error('not created');
    const { id } = made.value;
    const seen = { name: 'Bike storage', slug: 'bike-storage' };
    expect(
      await choices.rename('category', id, { name: 'Bike storage', slug: 'bikes' }, seen),
    ).toMatchObject({ ok: true });
    expect(
      await choices.rename('category', id, { name: 'Bike racks', slug: 'bike-storage' }, seen),
    ).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect((await choices.find('category', id))?.slug).toBe('bikes');
    const type = await choices.create('student-type', { name: 'Night owls' });
    if (!type.ok) throw new Error('not created');
    expect(
      await choices.rename(
        'student-type',
        type.value.id,
        { name: 'Night-owl students' },
        { name: 'Night owls' },
      ),
    ).toMatchObject({ ok: true });
    expect(
      await choices.rename(
        'student-type',
        type.value.id,
        { name: 'Late learners' },
        { name: 'Night owls' },
      ),
    ).toEqual({ ok: false, reason: 'stale' });
  });

  it('the audit log filters by person, kind and time', async () => {
    const audit = new AuditRepository(database.db);
    const entry = { detail: {}, address: null, userId: 1 };
    await audit.record({
      ...entry,
      at: now,
      username: 'mchen',
      action: 'admin.task.update',
      kind: 'task',
      objectId: '4',
      changes: { title: { before: 'A', after: 'B' } },
    });
    await audit.record({
      ...entry,
      at: new Date(now.getTime() + 86_400_000),
      username: 'jdoe',
      action: 'admin.category.create',
      kind: 'category',
      objectId: '9',
    });
    expect((await audit.search({ username: 'mchen', limit: 10 })).map((e) => e.changes)).toEqual([
      { title: { before: 'A', after: 'B' } },
    ]);
    expect((await audit.search({ kind: 'category', limit: 10 })).map((e) => e.username)).toEqual([
      'jdoe',
    ]);
    expect(
      (await audit.search({ from: new Date(now.getTime() + 3_600_000), limit: 10 })).map(
        (e) => e.objectId,
      ),
    ).toEqual(['9']);
    expect(
      (await audit.search({ until: new Date(now.getTime() + 3_600_000), limit: 10 })).map(
        (e) => e.objectId,
      ),
    ).toEqual(['4']);
    expect(await audit.kinds()).toEqual(['category', 'task']);
  });
});
