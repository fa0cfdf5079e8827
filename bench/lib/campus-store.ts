// A campus-sized store for bench:campus: students with their Next Steps records, employees, posts,
// messages, a year of sent notification jobs and audit rows, and signed-in sessions. Rows go in in
// batches inside transactions: on SQLite through prepared statements on the store's own connection,
// on PostgreSQL as multi-row inserts. Bench code only (the repositories' rule is server/'s).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ALL_STUDENTS } from '../../contract/next-steps/choices.schema.js';
import type { Database } from '../../server/db/database.js';
import { TOPICS } from '../../server/notify/topics.js';
import { hash, tokenFor } from '../../server/plugins/session-tokens.js';

export interface CampusSize {
  students: number;
  employees: number;
  /** Next Steps records per student (each a task on the student's list). */
  tasksPerStudent: number;
  posts: number;
  messages: number;
  /** Sent notification jobs per student over the past year. */
  jobsPerStudent: number;
  /** Audit rows (sign-ins and sign-outs) per person over the past year. */
  auditPerPerson: number;
  /** Signed-in sessions, of students chosen at random. */
  sessions: number;
}

/** The issue's campus at `students` students (30,000 by default). */
export const campusSize = (students: number): CampusSize => ({
  students,
  employees: Math.min(2_000, Math.max(2, Math.round(students / 15))),
  tasksPerStudent: 60,
  posts: 500,
  messages: Math.round((20_000 * students) / 30_000) || 1,
  jobsPerStudent: 10,
  auditPerPerson: 10,
  sessions: Math.min(2_000, students),
});

/** How many student types the typed tasks are spread over; each student has one. */
export const STUDENT_TYPES = 10;
/** Of a student's records, this many are of tasks for All Students, the rest of their type's. */
const ALL_STUDENTS_TASKS = 20;
const DAY = 86_400_000;
const BATCH = 1_000;

export interface CampusSession {
  userId: number;
  username: string;
  /** The session cookie's value (what `/api/users/user` is read with). */
  sessionId: string;
  /** The API token (`authorization: Token …`) of the session. */
  token: string;
  /** The tasks of the person's records: what "a task" reads. */
  taskIds: number[];
}

export interface BuiltCampus {
  size: CampusSize;
  rows: Record<string, number>;
  sessions: CampusSession[];
  buildSeconds: number;
}

type Row = Record<string, string | number | null>;

/** A tiny deterministic generator, so two builds of a size hold the same store. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Inserts `rows` (all with the same columns) in batches, each batch's rows in one transaction. */
async function bulk(database: Database, table: string, rows: Iterable<Row>): Promise<number> {
  let count = 0;
  if (database.sqlite) {
    const { connection } = database.sqlite;
    let insert: ((row: Row) => void) | null = null;
    let batch: Row[] = [];
    const flush = connection.transaction((items: Row[]) => {
      for (const item of items) insert!(item);
    });
    for (const row of rows) {
      if (!insert) {
        const columns = Object.keys(row);
        const statement = connection.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
        );
        insert = (item) => statement.run(item);
      }
      batch.push(row);
      if (batch.length >= BATCH * 10) {
        flush(batch);
        count += batch.length;
        batch = [];
      }
    }
    if (batch.length > 0) flush(batch);
    return count + batch.length;
  }
  let batch: Row[] = [];
  const send = async (items: Row[]) => {
    // PostgreSQL takes at most 65,535 parameters a statement.
    const per = Math.max(1, Math.floor(60_000 / Object.keys(items[0]!).length));
    for (let at = 0; at < items.length; at += per) {
      await sql`INSERT INTO ${sql.table(table)} (${sql.join(
        Object.keys(items[0]!).map((c) => sql.ref(c)),
      )}) VALUES ${sql.join(
        items.slice(at, at + per).map((item) => sql`(${sql.join(Object.values(item))})`),
      )}`.execute(database.db);
    }
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH * 10) {
      await send(batch);
      count += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await send(batch);
  return count + batch.length;
}

const person = (username: string, role: string, at: string, n: number): Row => ({
  username,
  persona: null,
  first_name: role === 'student' ? 'Student' : 'Employee',
  last_name: String(n),
  email: `${username}@campus.example.edu`,
  nine_number: `9${String(n).padStart(8, '0')}`,
  primary_role: role,
  other_roles: '[]',
  is_staff: role === 'student' ? 0 : 1,
  is_superuser: 0,
  can_use_demo: 0,
  financial_dashboard_access: 0,
  has_provisional_account: 0,
  role_acknowledged_on: at,
  created_at: at,
  updated_at: at,
});

const SUBJECTS = [
  'registration opens for winter term',
  'tuition deadline and payment plans',
  'library hours during finals',
  'scholarship applications due',
  'immunization records for new students',
  'parking permit renewal',
  'advising appointments',
  'financial aid disbursement',
  'housing contracts for next year',
  'final exam schedule',
  'career fair and internships',
  'counseling and wellness services',
];

/**
 * Fills `database` (migrated, sample content seeded or not) with a campus of `size`, at `now`: the
 * tasks' deadlines spread over the year around it, the jobs and audit rows over the year before it.
 */
export async function buildCampus(
  database: Database,
  size: CampusSize,
  now: Date,
): Promise<BuiltCampus> {
  const began = performance.now();
  const { db } = database;
  const rand = random(size.students);
  const at = now.toISOString();
  const rows: Record<string, number> = {};
  const count = (table: string, n: number) => {
    rows[table] = (rows[table] ?? 0) + n;
  };

  // People.
  count(
    'users',
    await bulk(
      database,
      'users',
      (function* () {
        for (let i = 0; i < size.students; i += 1) yield person(`cs${i}`, 'student', at, i);
        for (let i = 0; i < size.employees; i += 1)
          yield person(`ce${i}`, i % 4 === 0 ? 'faculty' : 'staff', at, 5e7 + i);
      })(),
    ),
  );
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'like', 'c%')
    .orderBy('id')
    .execute();
  const studentIds = users.filter((u) => u.username.startsWith('cs')).map((u) => u.id);
  const employeeIds = users.filter((u) => u.username.startsWith('ce')).map((u) => u.id);

  // Next Steps: All Students' tasks, and each student type's tasks.
  const category =
    (await db.selectFrom('ns_categories').select('id').orderBy('id').executeTakeFirst()) ??
    (await db
      .insertInto('ns_categories')
      .values({ slug: 'campus', name: 'Campus' })
      .returning('id')
      .executeTakeFirstOrThrow());
  let allStudents = await db
    .selectFrom('ns_student_types')
    .select('id')
    .where('name', '=', ALL_STUDENTS)
    .executeTakeFirst();
  allStudents ??= await db
    .insertInto('ns_student_types')
    .values({ name: ALL_STUDENTS })
    .returning('id')
    .executeTakeFirstOrThrow();
  const typeIds: number[] = [];
  for (let t = 0; t < STUDENT_TYPES; t += 1) {
    const { id } = await db
      .insertInto('ns_student_types')
      .values({ name: `Campus type ${t}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.push(id);
  }
  const typedPerType = size.tasksPerStudent - ALL_STUDENTS_TASKS;
  const taskCount = ALL_STUDENTS_TASKS + STUDENT_TYPES * typedPerType;
  count(
    'ns_tasks',
    await bulk(
      database,
      'ns_tasks',
      (function* () {
        for (let k = 0; k < taskCount; k += 1) {
          // Deadlines over the year: most past, some in the weeks ahead, every fourth none.
          const ends = new Date(now.getTime() + Math.round((rand() * 365 - 300) * DAY));
          const topic = SUBJECTS[k % SUBJECTS.length]!;
          yield {
            title: `Campus task ${k}: ${topic}`,
            description: `<p>Complete the <strong>${topic}</strong> step (${k}) before its deadline.</p>`,
            category_id: category.id,
            starts_on: new Date(ends.getTime() - 30 * DAY).toISOString(),
            ends_on: k % 4 === 3 ? null : ends.toISOString(),
            has_deadline: k % 4 === 3 ? 0 : 1,
            is_important: k % 11 === 0 ? 1 : 0,
            important_reason: '',
            new_student_checklist: 0,
            checklist_rank: null,
            action_date: null,
            periodicity: 'once',
            sort_by: 'START',
            modality: 'ONLINE',
            published: 1,
            publishes_on: null,
            reminder_offsets: '[]',
            ends_on_day: null,
          };
        }
      })(),
    ),
  );
  const taskIds = (
    await db
      .selectFrom('ns_tasks')
      .select('id')
      .where('title', 'like', 'Campus task %')
      .orderBy('id')
      .execute()
  ).map((t) => t.id);
  const typeOfTask = (k: number) =>
    k < ALL_STUDENTS_TASKS
      ? allStudents.id
      : typeIds[Math.floor((k - ALL_STUDENTS_TASKS) / typedPerType)]!;
  count(
    'ns_task_student_types',
    await bulk(
      database,
      'ns_task_student_types',
      taskIds.map((id, k) => ({ task_id: id, student_type_id: typeOfTask(k) })),
    ),
  );
  count(
    'ns_user_student_types',
    await bulk(
      database,
      'ns_user_student_types',
      studentIds.map((id, i) => ({ user_id: id, student_type_id: typeIds[i % STUDENT_TYPES]! })),
    ),
  );
  // Each student's records: every task on their list, some done, dismissed or starred.
  count(
    'ns_user_tasks',
    await bulk(
      database,
      'ns_user_tasks',
      (function* () {
        for (const [i, userId] of studentIds.entries()) {
          const type = i % STUDENT_TYPES;
          for (let k = 0; k < size.tasksPerStudent; k += 1) {
            const task =
              k < ALL_STUDENTS_TASKS
                ? taskIds[k]!
                : taskIds[ALL_STUDENTS_TASKS + type * typedPerType + (k - ALL_STUDENTS_TASKS)]!;
            const r = rand();
            yield {
              user_id: userId,
              task_id: task,
              starred: r < 0.05 ? 1 : 0,
              completed_on:
                r > 0.6
                  ? new Date(now.getTime() - Math.floor(rand() * 300) * DAY).toISOString()
                  : null,
              does_not_apply_on: r > 0.55 && r <= 0.6 ? at : null,
              do_now_on: null,
            };
          }
        }
      })(),
    ),
  );

  // Next Steps' notification choices: four in five students chose deadline alerts.
  const alertsName = TOPICS.deadlines.notificationType;
  const deadlineAlerts =
    (await db
      .selectFrom('ns_notification_types')
      .select('id')
      .where('name', '=', alertsName)
      .executeTakeFirst()) ??
    (await db
      .insertInto('ns_notification_types')
      .values({ name: alertsName })
      .returning('id')
      .executeTakeFirstOrThrow());
  count(
    'ns_user_preferences',
    await bulk(
      database,
      'ns_user_preferences',
      studentIds.map((id, i) => ({
        user_id: id,
        notifications: i % 5 !== 4 ? `[${deadlineAlerts.id}]` : '[]',
        updated_by_user_on: null,
      })),
    ),
  );

  // Some students turned push on (one device each).
  count(
    'push_subscriptions',
    await bulk(
      database,
      'push_subscriptions',
      studentIds
        .filter((_, i) => i % 10 === 0)
        .map((id) => ({
          user_id: id,
          endpoint: `https://push.campus.example.edu/device/${id}`,
          p256dh:
            'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
          auth: 'dGhlLWF1dGgtc2VjcmV0',
          created_at: at,
          last_success_at: null,
          failures: 0,
        })),
    ),
  );

  // Posts (a fifth of them blog posts, What's New).
  count(
    'content_posts',
    await bulk(
      database,
      'content_posts',
      (function* () {
        for (let i = 0; i < size.posts; i += 1) {
          const topic = SUBJECTS[i % SUBJECTS.length]!;
          yield {
            post_type: i % 5 === 0 ? 'blog' : 'resources',
            title: `${topic} (${i})`,
            slug: `campus-post-${i}`,
            body: `<p>Everything about <strong>${topic}</strong>: where to go, what to bring and whom to ask. Item ${i} of the campus guide.</p>`,
            category: i % 10 === 0 ? 'staff' : null,
            image: null,
            thumbnail_image: null,
            medium_image: null,
            large_image: null,
            action_link: null,
            link_text: null,
            hide_text: 0,
            publishing_opens_on: null,
            body_markdown: null,
            draft: i % 50 === 0 ? 1 : 0,
          };
        }
      })(),
    ),
  );

  // Messages over the past year: most to one person, some to a role, a few to everyone; those older
  // than a month have expired.
  const usernames = new Map(users.map((u) => [u.id, u.username]));
  count(
    'messages',
    await bulk(
      database,
      'messages',
      (function* () {
        for (let i = 0; i < size.messages; i += 1) {
          const ago = Math.floor(rand() * 365);
          const r = rand();
          const audience = r < 0.95 ? 'person' : r < 0.99 ? 'role' : 'everyone';
          const to =
            audience === 'person'
              ? usernames.get(studentIds[Math.floor(rand() * studentIds.length)]!)!
              : null;
          yield {
            audience,
            username: to,
            role: audience === 'role' ? (i % 2 ? 'student' : 'staff') : null,
            title: `${SUBJECTS[i % SUBJECTS.length]} (${i})`,
            body: `A note about ${SUBJECTS[i % SUBJECTS.length]}.\nSee the portal for details.`,
            action_link: null,
            display_as_banner: 0,
            app_message: 0,
            category: 'general',
            created_on: new Date(now.getTime() - ago * DAY).toISOString(),
            expires_on: new Date(now.getTime() - (ago - 30) * DAY).toISOString(),
            seed_key: null,
          };
        }
      })(),
    ),
  );

  // A year of sent reminders: email jobs, and push for the students with a device.
  count(
    'notify_jobs',
    await bulk(
      database,
      'notify_jobs',
      (function* () {
        for (const [i, userId] of studentIds.entries()) {
          for (let k = 0; k < size.jobsPerStudent; k += 1) {
            const run = new Date(now.getTime() - Math.floor(rand() * 365 * DAY));
            const push = i % 10 === 0 && k % 2 === 1;
            yield {
              idempotency_key: `reminder:campus-${userId}-${k}:3:${run.toISOString()}${push ? ':push' : ''}`,
              channel: push ? 'push' : 'email',
              topic: 'reminders',
              user_id: userId,
              payload: '{}',
              run_at: run.toISOString(),
              state: 'sent',
              attempts: 1,
              last_error: null,
              locked_by: null,
              locked_until: null,
              created_at: new Date(run.getTime() - 2 * DAY).toISOString(),
              finished_at: new Date(run.getTime() + 2_000).toISOString(),
              message_id: null,
              priority: 0,
              destination: push ? 'push:push.campus.example.edu' : 'email',
            };
          }
        }
      })(),
    ),
  );

  // A year of sign-ins and sign-outs.
  count(
    'audit_log',
    await bulk(
      database,
      'audit_log',
      (function* () {
        for (const id of [...studentIds, ...employeeIds]) {
          for (let k = 0; k < size.auditPerPerson; k += 1) {
            yield {
              at: new Date(now.getTime() - Math.floor(rand() * 365 * DAY)).toISOString(),
              user_id: id,
              username: usernames.get(id)!,
              action: k % 2 ? 'auth.signOut' : 'auth.signIn',
              detail: '{"method":"oidc"}',
              address: '203.0.113.7',
              kind: null,
              object_id: null,
              changes: '{}',
            };
          }
        }
      })(),
    ),
  );

  // Sessions of students chosen at random, made directly in the store as a sign-in would.
  const chosen = new Set<number>();
  while (chosen.size < Math.min(size.sessions, studentIds.length)) {
    chosen.add(studentIds[Math.floor(rand() * studentIds.length)]!);
  }
  const sessions: CampusSession[] = [];
  const sessionRows: Row[] = [];
  for (const userId of chosen) {
    const sessionId = randomBytes(32).toString('base64url');
    const token = tokenFor(sessionId);
    sessionRows.push({
      id_hash: hash(sessionId),
      token_hash: hash(token),
      user_id: userId,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + 12 * 3_600_000).toISOString(),
    });
    sessions.push({ userId, username: usernames.get(userId)!, sessionId, token, taskIds: [] });
  }
  count('sessions', await bulk(database, 'sessions', sessionRows));
  const records = await db
    .selectFrom('ns_user_tasks')
    .select(['task_id', 'user_id'])
    .where('user_id', 'in', [...chosen])
    .execute();
  const byUser = new Map(sessions.map((s) => [s.userId, s]));
  for (const record of records) byUser.get(record.user_id)?.taskIds.push(record.task_id);

  // PostgreSQL's autovacuum would have analysed a store this size; SQLite has no statistics unless
  // asked (the server never runs ANALYZE), so its plans are left as a deployment would have them.
  if (database.dialect === 'postgres') await sql`ANALYZE`.execute(db);
  return { size, rows, sessions, buildSeconds: (performance.now() - began) / 1000 };
}
