import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../server/db/schema.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Rows of the reach dashboard's own, beside whatever the store holds: three students (one of type A,
 * one of A and B, one of none) with records of one published task whose deadline passed 10 days
 * before `now` (one done 20 days before, one dismissed 3 days before, one neither), a draft task,
 * and messages with reads and notification jobs on three channels.
 */
export async function seedReach(
  db: Kysely<DatabaseSchema>,
  now: Date,
  titles: { task?: string; message?: string } = {},
) {
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const user = async (username: string, primary: string, others: string[] = []) => {
    const row = await db
      .insertInto('users')
      .values({
        username,
        persona: null,
        first_name: username,
        last_name: 'Reach',
        email: `${username}@example.edu`,
        nine_number: `9${String(username.length).padStart(8, '0')}`,
        primary_role: primary,
        other_roles: JSON.stringify(others),
        is_staff: 0,
        is_superuser: 0,
        can_use_demo: 0,
        financial_dashboard_access: 0,
        has_provisional_account: 0,
        role_acknowledged_on: null,
        created_at: at(-100),
        updated_at: at(-100),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const s1 = await user('reach1', 'student');
  const s2 = await user('reach2', 'student', ['student_worker']);
  const s3 = await user('reach3', 'student');
  // Holds the student role as a second role: a student message reaches them too.
  const s4 = await user('reach4', 'staff', ['student']);

  const type = async (name: string) =>
    (
      await db
        .insertInto('ns_student_types')
        .values({ name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const typeA = await type('Reach type A');
  const typeB = await type('Reach type B');
  await db
    .insertInto('ns_user_student_types')
    .values([
      { user_id: s1, student_type_id: typeA },
      { user_id: s2, student_type_id: typeA },
      { user_id: s2, student_type_id: typeB },
    ])
    .execute();

  const category = await db
    .insertInto('ns_categories')
    .values({ slug: 'reach-test', name: 'Reach test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const task = async (title: string, published: number) =>
    (
      await db
        .insertInto('ns_tasks')
        .values({
          title,
          description: '',
          category_id: category.id,
          starts_on: null,
          ends_on: at(-10),
          has_deadline: 1,
          is_important: 0,
          important_reason: '',
          new_student_checklist: 0,
          checklist_rank: null,
          action_date: null,
          periodicity: 'once',
          sort_by: 'END',
          modality: 'ONLINE',
          published,
          publishes_on: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const taskId = await task(titles.task ?? 'Reach: submit the housing form', 1);
  const draftId = await task('Reach: a draft', 0);
  const record = (userId: number, id: number, done: string | null, dismissed: string | null) => ({
    user_id: userId,
    task_id: id,
    starred: 0,
    completed_on: done,
    does_not_apply_on: dismissed,
    do_now_on: null,
  });
  await db
    .insertInto('ns_user_tasks')
    .values([
      record(s1, taskId, at(-20), null),
      record(s2, taskId, null, at(-3)),
      record(s3, taskId, null, null),
      record(s1, draftId, null, null),
    ])
    .execute();

  const message = async (
    values: { audience: string; username?: string; role?: string; title: string },
    createdDaysAgo: number,
  ) =>
    (
      await db
        .insertInto('messages')
        .values({
          audience: values.audience,
          username: values.username ?? null,
          role: values.role ?? null,
          title: values.title,
          body: 'Body.',
          action_link: null,
          created_on: at(-createdDaysAgo),
          expires_on: null,
          seed_key: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const everyone = await message(
    { audience: 'everyone', title: titles.message ?? 'Reach: the library opens late' },
    1,
  );
  const students = await message(
    { audience: 'role', role: 'student', title: 'Reach: students' },
    2,
  );
  const person = await message({ audience: 'person', username: 'reach1', title: 'Reach: you' }, 3);
  const gone = await message(
    { audience: 'person', username: 'nobody-here', title: 'Reach: no one' },
    4,
  );
  const old = await message({ audience: 'everyone', title: 'Reach: long ago' }, 100);
  const demo = await message({ audience: 'demo', title: 'Reach: demo' }, 1);
  await db
    .insertInto('message_reads')
    .values([
      { message_id: everyone, user_id: s1, read_on: at(-1) },
      { message_id: everyone, user_id: s2, read_on: at(-1) },
      { message_id: students, user_id: s3, read_on: at(-1) },
      { message_id: person, user_id: s1, read_on: at(-2) },
      { message_id: old, user_id: s1, read_on: at(-90) },
    ])
    .execute();

  let key = 0;
  const job = (
    userId: number,
    channel: string,
    state: string,
    payload: string,
    createdDaysAgo = 1,
  ) => ({
    idempotency_key: `reach-test:${(key += 1)}`,
    channel,
    topic: 'messages',
    user_id: userId,
    payload,
    run_at: at(-createdDaysAgo),
    state,
    created_at: at(-createdDaysAgo),
  });
  const about = (id: number | string) => JSON.stringify({ messageId: id });
  await db
    .insertInto('notify_jobs')
    .values([
      job(s1, 'email', 'sent', about(everyone)),
      job(s2, 'email', 'sent', about(everyone)),
      job(s3, 'email', 'failed', about(everyone)),
      // A payload naming the message as text, on a channel the dashboard has never heard of.
      job(s1, 'pigeon', 'sent', about(String(everyone))),
      job(s1, 'sms', 'pending', about(students)),
      job(s2, 'push', 'dropped', about(students)),
      // Not about a message, or not readably so: counted for none.
      job(s1, 'email', 'sent', JSON.stringify({ userTaskId: 1, offset: 3 })),
      job(s2, 'email', 'sent', '{"messageId": "not a number"}'),
      job(s3, 'email', 'sent', '{"messageId": 1'),
      // Before the window.
      job(s1, 'email', 'sent', about(old), 100),
    ])
    .execute();

  return {
    users: { s1, s2, s3, s4 },
    types: { typeA, typeB },
    taskId,
    draftId,
    messages: { everyone, students, person, gone, old, demo },
  };
}
