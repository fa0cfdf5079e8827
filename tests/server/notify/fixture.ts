import type { FastifyInstance } from 'fastify';
import { findPersona } from '../../../server/sis/personas.js';
import type { NotifyOptions } from '../../../server/notify/notify.js';
import { reminderPayloadSchema } from '../../../server/notify/planner.js';
import { createTestApp } from '../helpers/app.js';

/** A test app with a clock the test moves, the sample student known, and a task of the test's own. */
export async function reminderApp(
  start: Date,
  options: { env?: Record<string, string>; notify?: NotifyOptions } = {},
) {
  let now = start;
  const app = await createTestApp({ clock: () => now, ...options });
  const student = await app.repositories.users.upsertFromPersona(findPersona('student'), now);
  await app.nextSteps.prepare(student);
  const allStudents = await app.database.db
    .selectFrom('ns_student_types')
    .select('id')
    .where('name', '=', 'All Students')
    .executeTakeFirstOrThrow();

  /** A published task with a deadline for every student; the student gets a record of it. */
  async function addTask(
    deadline: Date,
    title = 'Submit the housing form',
    /** The task's own reminder days (the admin's "Remind students N days before"). */
    offsets: number[] = [],
  ) {
    const taskId = await app.repositories.nextStepsTasks.insertTask(
      {
        title,
        description: 'A task of the reminder tests.',
        category_id: 1,
        starts_on: null,
        ends_on: deadline.toISOString(),
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
        reminder_offsets: JSON.stringify(offsets),
      },
      [allStudents.id],
    );
    await app.nextSteps.prepare(student);
    const record = await app.database.db
      .selectFrom('ns_user_tasks')
      .select('id')
      .where('user_id', '=', student.id)
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();
    return { taskId, userTaskId: record.id };
  }

  /** The jobs of one user task, as `offset@runAt`. */
  async function jobsOf(userTaskId: number) {
    const all = await app.notify.jobs.all();
    return all
      .filter((job) => job.idempotency_key.startsWith('reminder:'))
      .map((job) => ({ job, payload: reminderPayloadSchema.parse(JSON.parse(job.payload)) }))
      .filter((j) => j.payload.userTaskId === userTaskId)
      .map((j) => ({
        key: j.job.idempotency_key,
        offset: j.payload.offset,
        runAt: j.job.run_at,
        state: j.job.state,
        reason: j.job.last_error,
      }));
  }

  return {
    app: app as FastifyInstance,
    student,
    addTask,
    jobsOf,
    setNow: (d: Date) => {
      now = d;
    },
    now: () => now,
  };
}

export const hours = (h: number) => h * 3_600_000;
export const days = (d: number) => d * 86_400_000;
export const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/**
 * An email's unsubscribe link as a person and a mail client use it: opened in a browser (the page
 * saying what stops), and pressed one-click (RFC 8058's POST, answered as JSON).
 */
export const unsubscribeLink = (app: FastifyInstance, link: string) => {
  const url = new URL(link);
  return {
    open: () => app.inject({ url: url.pathname + url.search, headers: { accept: 'text/html' } }),
    press: () =>
      app.inject({
        method: 'POST',
        url: url.pathname + url.search,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
  };
};
