import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PersonaId } from '../../../contract/persona.schema.js';
import { adminTaskSchema } from '../../../contract/admin/tasks.schema.js';
import { findPersona } from '../../../server/sis/personas.js';
import { draftTask } from '../routes/admin/task-input.js';
import { adminAs } from '../routes/admin/admin-client.js';
import { at, days, reminderApp } from './fixture.js';

/**
 * Issue 40 "Wrong people": Next Steps reminders go only to people whose Next Steps list holds the
 * task (next-steps/task-visibility.ts), and an "All Students" task reaches students only.
 */

const START = new Date('2026-11-24T12:00:00.000Z');
const EMPLOYEES: PersonaId[] = ['staff', 'faculty', 'advisor', 'emeritus'];

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

async function people(f: Awaited<ReturnType<typeof reminderApp>>) {
  const ids = new Map<PersonaId, number>();
  for (const persona of [...EMPLOYEES, 'provisional', 'student-worker'] as PersonaId[]) {
    const user = await f.app.repositories.users.upsertFromPersona(findPersona(persona), f.now());
    // Next Steps knows each of them, with the default notifications (deadline alerts included).
    await f.app.nextSteps.prepare(user);
    ids.set(persona, user.id);
  }
  ids.set('student', f.student.id);
  return ids;
}

const typeId = async (a: FastifyInstance, name: string) =>
  (
    await a.database.db
      .selectFrom('ns_student_types')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

const recordHolders = async (a: FastifyInstance, taskId: number) =>
  (
    await a.database.db
      .selectFrom('ns_user_tasks')
      .select('user_id')
      .where('task_id', '=', taskId)
      .execute()
  ).map((r) => r.user_id);

const jobUsers = async (a: FastifyInstance) =>
  new Set(
    (await a.notify.jobs.all())
      .filter(
        (j) => j.idempotency_key.startsWith('reminder:') || j.idempotency_key.startsWith('sms:'),
      )
      .map((j) => j.user_id),
  );

describe('Next Steps reminders reach the people whose list holds the task', () => {
  it('an "All Students" task saved in /admin/tasks gives records to students only, not to employees or a provisional account', async () => {
    const f = await reminderApp(START);
    app = f.app;
    const ids = await people(f);
    const staff = await adminAs(f.app, 'staff');
    const saved = await staff.json(
      'POST',
      '/admin/tasks',
      draftTask({
        title: 'Pay your term bill',
        ends_on: '2026-11-26',
        student_type_ids: [await typeId(f.app, 'All Students')],
      }),
    );
    expect(saved.statusCode).toBe(201);
    const holders = await recordHolders(f.app, adminTaskSchema.parse(saved.json()).id);
    expect(holders).toContain(ids.get('student'));
    expect(holders).toContain(ids.get('student-worker'));
    for (const persona of [...EMPLOYEES, 'provisional'] as PersonaId[]) {
      expect(holders, persona).not.toContain(ids.get(persona));
    }
  });

  it('the provisional account and employees get no reminder jobs, even holding a record of the task', async () => {
    const f = await reminderApp(START);
    app = f.app;
    const ids = await people(f);
    const { taskId } = await f.addTask(at(START, days(2)), 'Pay your term bill');
    // A record made before the rule (the old "All Students" save, the provisional's sign-in).
    await f.app.database.db
      .insertInto('ns_user_tasks')
      .values(
        [...EMPLOYEES, 'provisional'].map((p) => ({
          user_id: ids.get(p as PersonaId) ?? 0,
          task_id: taskId,
          starred: 0,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'task_id']).doNothing())
      .execute();
    await f.app.notify.plan();
    const reminded = await jobUsers(f.app);
    expect(reminded.has(f.student.id)).toBe(true);
    for (const persona of [...EMPLOYEES, 'provisional'] as PersonaId[]) {
      expect(reminded.has(ids.get(persona) ?? 0), persona).toBe(false);
    }
  });

  it('a student whose student types changed is not reminded of a task no longer in their list, planned or already queued', async () => {
    const f = await reminderApp(START);
    app = f.app;
    const profile = f.app.repositories.nextStepsProfile;
    const transfer = await typeId(f.app, 'Transfer');
    const before = (await profile.userStudentTypes(f.student.id)).student_types;
    const taskId = await f.app.repositories.nextStepsTasks.insertTask(
      {
        title: 'Send your transfer transcripts',
        description: 'For transfer students.',
        category_id: 1,
        starts_on: null,
        ends_on: at(START, days(2)).toISOString(),
        has_deadline: 1,
        is_important: 0,
        important_reason: '',
        new_student_checklist: 0,
        checklist_rank: null,
        action_date: null,
        periodicity: 'once',
        sort_by: 'END',
        modality: 'ONLINE',
        published: 1,
      },
      [transfer],
    );
    await profile.setUserStudentTypes(f.student.id, [...before, transfer]);
    await f.app.nextSteps.prepare(f.student);
    const record = await f.app.database.db
      .selectFrom('ns_user_tasks')
      .select('id')
      .where('user_id', '=', f.student.id)
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();
    await f.app.notify.plan();
    const queued = await f.jobsOf(record.id);
    // The 3-day point has passed (sent at once) and the 1-day one is ahead.
    expect(queued.map((j) => j.offset)).toEqual([3, 1]);

    // No longer a transfer student: the task leaves the list, and its reminders with it.
    await profile.setUserStudentTypes(f.student.id, before);
    f.setNow(new Date(queued[1]?.runAt ?? ''));
    await f.app.notify.tick();
    const dropped = (await f.jobsOf(record.id)).map(({ offset, state, reason }) => ({
      offset,
      state,
      reason,
    }));
    expect(dropped).toEqual(
      [3, 1].map((offset) => ({ offset, state: 'dropped', reason: 'task not in the list' })),
    );
    await f.app.database.db.deleteFrom('notify_jobs').execute();
    f.setNow(START);
    await f.app.notify.plan();
    expect(await f.jobsOf(record.id)).toEqual([]);
  });
});
