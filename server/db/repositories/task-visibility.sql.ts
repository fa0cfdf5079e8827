import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import { ALL_STUDENTS } from '../../../contract/next-steps/choices.schema.js';
import { STUDENT_ROLES } from '../../../contract/roles.schema.js';
import type { ListView } from '../../next-steps/task-visibility.js';

/**
 * next-steps/task-visibility.ts's rule in SQL, one text for SQLite and PostgreSQL (roles are
 * stored as the primary role's name and `other_roles` as JSON list text, so `LIKE '%"student"%'`
 * finds a role in the list on both). Each part takes the column references of the query it goes
 * into (`alias.column`), so a Kysely builder (`.where(taskInList(…))`) and a raw `sql` query (search)
 * use the same text.
 */

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** Part 1: the person `userId` names has a Next Steps list (not provisional, known, a student role). */
export function personHasList(userId: RawBuilder<unknown>): RawBuilder<SqlBool> {
  const inOthers = STUDENT_ROLES.map((role) => sql`vu.other_roles LIKE ${`%"${role}"%`}`);
  return sql<SqlBool>`EXISTS (SELECT 1 FROM users vu WHERE vu.id = ${userId}
    AND vu.has_provisional_account = 0
    AND TRIM(vu.nine_number) <> ''
    AND (vu.primary_role IN (${sql.join([...STUDENT_ROLES])}) OR ${sql.join(inOthers, sql` OR `)}))`;
}

/**
 * Part 2: task `taskId` targets "All Students" or one of the current student types of `userId`; or
 * it is a publisher's task (issue 60: no student types), aimed at exactly the people it reached.
 */
export function taskAimedAt(
  taskId: RawBuilder<unknown>,
  userId: RawBuilder<unknown>,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`(EXISTS (SELECT 1 FROM ns_task_student_types vtst
    JOIN ns_student_types vst ON vst.id = vtst.student_type_id
    WHERE vtst.task_id = ${taskId} AND (vst.name = ${ALL_STUDENTS}
      OR vtst.student_type_id IN (
        SELECT vust.student_type_id FROM ns_user_student_types vust WHERE vust.user_id = ${userId})))
    OR EXISTS (SELECT 1 FROM ns_tasks vit JOIN inbound_recipients vir ON vir.item_id = vit.inbound_item_id
      WHERE vit.id = ${taskId} AND vir.user_id = ${userId}))`;
}

/** Part 3: the task (alias `task`) is published (or unpublished, as asked) and its time has come. */
export function taskPublished(task: string, view: ListView): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${ref(task, 'published')} = ${view.published ? 1 : 0}
    AND (${ref(task, 'publishes_on')} IS NULL OR ${ref(task, 'publishes_on')} <= ${view.at.toISOString()}))`;
}

/** Where the rule goes: a person's record (`ns_user_tasks`) and its task (`ns_tasks`), joined. */
export interface ListRefs {
  /** The alias (or table name) of the `ns_user_tasks` row: its `user_id` is the person. */
  userTask: string;
  /** The alias (or table name) of the `ns_tasks` row the record is of (`userTask.task_id = task.id`). */
  task: string;
}

/**
 * THE rule (next-steps/task-visibility.ts), all four parts: true when the person's Next Steps list
 * holds this record's task at `view.at`. The caller joins the record to its task (part 4), e.g.
 *
 *   db.selectFrom('ns_user_tasks as ut').innerJoin('ns_tasks as t', 't.id', 'ut.task_id')
 *     .where(taskInList({ userTask: 'ut', task: 't' }, { published: true, at: now }))
 *
 * or, in raw SQL, `… JOIN ns_user_tasks ut ON ut.task_id = t.id AND ut.user_id = ${id}
 * WHERE ${taskInList({ userTask: 'ut', task: 't' }, { published: true, at: now })}`.
 */
export function taskInList(refs: ListRefs, view: ListView): RawBuilder<SqlBool> {
  const userId = ref(refs.userTask, 'user_id');
  return sql<SqlBool>`(${taskPublished(refs.task, view)}
    AND ${personHasList(userId)}
    AND ${taskAimedAt(ref(refs.task, 'id'), userId)})`;
}
