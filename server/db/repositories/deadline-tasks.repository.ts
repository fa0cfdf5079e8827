import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { taskInList, taskPublished } from './task-visibility.sql.js';

/** The window of deadlines `DeadlineTasksRepository.open` reads: after one time, up to another, or both. */
export interface DeadlineWindow {
  /** The time the tasks are looked at: a task published later is not there yet. */
  at: Date;
  /** Deadlines strictly after this time. */
  after?: Date;
  /** Deadlines at or before this time. */
  upTo?: Date;
  /** One person's tasks only (a sender's second look). */
  userId?: number;
  /** These people's tasks only (the daily digest's readers). */
  userIds?: readonly number[];
}

/** A page of `open`'s rows: one task's records after a record, in record order. */
export interface OpenPage {
  taskId: number;
  /** Records with a greater id than this (0: from the first). */
  afterUserTaskId: number;
  limit: number;
}

/**
 * The queries of Next Steps deadlines that notify's planners and senders make (notify/planner.ts,
 * digest-planner.ts, reminder-sender.ts, push-sender.ts): each applies the list's visibility rule
 * (`taskInList`, next-steps/task-visibility.ts), so nobody is reminded of a task their list does not
 * hold.
 */
export class DeadlineTasksRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The notification type's id that stands for a topic, or undefined before Next Steps is seeded. */
  async notificationTypeId(name: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('ns_notification_types')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * The one query of open tasks with deadlines, the reminders' and the digests' alike: each person's
   * record of a task their Next Steps list holds (task-visibility.ts) with a deadline in the window,
   * neither done nor dismissed, for people Next Steps knows (their chosen notifications), with their
   * contact preferences (no row: defaults).
   * Earliest deadline first. Times are ISO-8601 UTC text on both stores, which sorts as time.
   */
  open(w: DeadlineWindow) {
    return this.openQuery(w).orderBy('t.ends_on').orderBy('t.id').execute();
  }

  /**
   * The tasks with a deadline in the window that a list may hold at `w.at` (published, their time
   * come), earliest deadline first: what `openPage` reads a task at a time.
   */
  async openTaskIds(w: DeadlineWindow): Promise<number[]> {
    const at = w.at.toISOString();
    const rows = await this.db
      .selectFrom('ns_tasks as t')
      .select('t.id')
      .where(taskPublished('t', { published: true, at: w.at }))
      .where('t.has_deadline', '=', 1)
      .where('t.ends_on', 'is not', null)
      .$if(w.after !== undefined, (qb) => qb.where('t.ends_on', '>', w.after?.toISOString() ?? at))
      .$if(w.upTo !== undefined, (qb) => qb.where('t.ends_on', '<=', w.upTo?.toISOString() ?? at))
      .orderBy('t.ends_on')
      .orderBy('t.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * `open`'s rows of one task, `page.limit` at most, after a record, in record order: on the
   * `ns_user_tasks_task` index (migration 030), so a planner reads a campus's records in short
   * statements rather than in one that reads the whole table.
   */
  openPage(w: DeadlineWindow, page: OpenPage) {
    return this.openQuery(w)
      .where('ut.task_id', '=', page.taskId)
      .where('ut.id', '>', page.afterUserTaskId)
      .orderBy('ut.id')
      .limit(page.limit)
      .execute();
  }

  /**
   * The people with a record `open(w)` answers, `page.limit` at most after a person, in id order,
   * with their chosen notifications and email choice: the weekly digest's round reads each person
   * once, on the `ns_user_tasks_user_task` index, stopping at their first such record, rather than
   * every overdue record of the campus.
   */
  peopleWithOpen(w: DeadlineWindow, page: { afterUserId: number; limit: number }) {
    return this.db
      .selectFrom('ns_user_preferences as np')
      .leftJoin('preferences as p', 'p.user_id', 'np.user_id')
      .select(['np.user_id as userId', 'np.notifications', 'p.contact_by_email as email'])
      .where('np.user_id', '>', page.afterUserId)
      .where(({ exists }) =>
        exists(
          this.openRecords(w)
            .select('ut.id')
            // The outer person (np): a reference the inner query's types do not know.
            .where('ut.user_id', '=', sql.ref<number>('np.user_id')),
        ),
      )
      .orderBy('np.user_id')
      .limit(page.limit)
      .execute();
  }

  private openQuery(w: DeadlineWindow) {
    return this.openRecords(w)
      .innerJoin('ns_user_preferences as np', 'np.user_id', 'ut.user_id')
      .leftJoin('preferences as p', 'p.user_id', 'ut.user_id')
      .select([
        'ut.id as userTaskId',
        'ut.user_id as userId',
        't.id as taskId',
        't.title',
        't.ends_on as endsOn',
        't.ends_on_day as endsOnDay',
        't.reminder_offsets as offsets',
        'np.notifications as notifications',
        'p.contact_by_email as email',
        'p.contact_by_text as byText',
        'p.sms_number as smsNumber',
      ])
      .$if(w.userId !== undefined, (qb) => qb.where('ut.user_id', '=', w.userId ?? 0))
      .$if(w.userIds !== undefined, (qb) => qb.where('ut.user_id', 'in', w.userIds ?? []));
  }

  /** The records `open(w)` answers, before the people's preferences are joined. */
  private openRecords(w: DeadlineWindow) {
    const at = w.at.toISOString();
    return (
      this.db
        .selectFrom('ns_user_tasks as ut')
        .innerJoin('ns_tasks as t', 't.id', 'ut.task_id')
        // Only tasks the person's Next Steps list holds (next-steps/task-visibility.ts): never a
        // provisional account's, an employee's, or a task of student types they no longer have.
        .where(taskInList({ userTask: 'ut', task: 't' }, { published: true, at: w.at }))
        .where('t.has_deadline', '=', 1)
        .where('t.ends_on', 'is not', null)
        .$if(w.after !== undefined, (qb) =>
          qb.where('t.ends_on', '>', w.after?.toISOString() ?? at),
        )
        .$if(w.upTo !== undefined, (qb) => qb.where('t.ends_on', '<=', w.upTo?.toISOString() ?? at))
        .where('ut.completed_on', 'is', null)
        .where('ut.does_not_apply_on', 'is', null)
    );
  }

  /**
   * The person's record of the task a reminder is about, with what `reminderNoLongerDue`
   * (notify/reminder-check.ts) checks, the title and their Next Steps topics; undefined when the
   * record is not theirs or is gone. `inList` is 1 when the person's Next Steps list holds the task
   * at `at` (next-steps/task-visibility.ts): their roles or student types may have changed, or the
   * task been unpublished, since the reminder was planned.
   */
  reminderTask(userTaskId: number, userId: number, at: Date) {
    return this.reminderTaskQuery(userTaskId, userId, at).executeTakeFirst();
  }

  /**
   * `reminderTask` with what the email and text senders need besides: the person's address and
   * first name, and their contact choices (no preferences row: nulls, the defaults).
   */
  reminderTaskWithContact(userTaskId: number, userId: number, at: Date) {
    return this.reminderTaskQuery(userTaskId, userId, at)
      .innerJoin('users as u', 'u.id', 'ut.user_id')
      .select([
        'u.email',
        'u.first_name as firstName',
        'p.contact_by_email as byEmail',
        'p.contact_by_text as byText',
        'p.sms_number as smsNumber',
      ])
      .executeTakeFirst();
  }

  private reminderTaskQuery(userTaskId: number, userId: number, at: Date) {
    return this.db
      .selectFrom('ns_user_tasks as ut')
      .innerJoin('ns_tasks as t', 't.id', 'ut.task_id')
      .leftJoin('ns_user_preferences as np', 'np.user_id', 'ut.user_id')
      .leftJoin('preferences as p', 'p.user_id', 'ut.user_id')
      .select([
        't.title',
        // The language the reminder is written in (issue 59); null: never chosen, English.
        // Chosen, else the language of the last sign-in (issue 76); null: English.
        sql<string | null>`coalesce(p.language, p.signed_in_language)`.as('language'),
        't.ends_on as endsOn',
        't.ends_on_day as endsOnDay',
        sql<number>`CASE WHEN ${taskInList({ userTask: 'ut', task: 't' }, { published: true, at })} THEN 1 ELSE 0 END`.as(
          'inList',
        ),
        't.reminder_offsets as offsets',
        'ut.completed_on as completedOn',
        'ut.does_not_apply_on as dismissedOn',
        'np.notifications',
      ])
      .where('ut.id', '=', userTaskId)
      .where('ut.user_id', '=', userId);
  }
}
