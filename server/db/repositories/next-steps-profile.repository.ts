import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ALL_STUDENTS } from '../../../contract/next-steps/choices.schema.js';
import type {
  Category,
  NotificationType,
  StudentType,
  UserPreference,
  UserStudentTypes,
} from '../../../contract/next-steps/choices.schema.js';
import { USER_MESSAGES_MAX } from '../../../contract/next-steps/user.schema.js';
import type { UserMessage } from '../../../contract/next-steps/user.schema.js';
import type { DatabaseSchema } from '../schema.js';

const idsSchema = z.array(z.number().int());

/** What a user starts with the first time Next Steps sees them. */
export interface Defaults {
  studentTypes: string[];
  notificationTypes: string[];
}

/**
 * next-steps.md §3: a user's affiliations, preference and messages, and the lists of choices.
 * Records are created on first sight; every change checks that the record is the user's own.
 */
export class NextStepsProfileRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The choices, by id; the first `limit` of each when given (the API's ceiling). */
  categories(limit?: number): Promise<Category[]> {
    const select = this.db.selectFrom('ns_categories').selectAll().orderBy('id');
    return (limit === undefined ? select : select.limit(limit)).execute();
  }

  studentTypes(limit?: number): Promise<StudentType[]> {
    const select = this.db.selectFrom('ns_student_types').selectAll().orderBy('id');
    return (limit === undefined ? select : select.limit(limit)).execute();
  }

  notificationTypes(limit?: number): Promise<NotificationType[]> {
    const select = this.db.selectFrom('ns_notification_types').selectAll().orderBy('id');
    return (limit === undefined ? select : select.limit(limit)).execute();
  }

  /**
   * Adds the categories (by slug), student types and notification types (by name) not stored yet;
   * those stored are left as they are (the sample data's seed, next-steps/seed.ts).
   */
  async addChoices(choices: {
    categories: ReadonlyArray<{ slug: string; name: string }>;
    studentTypes: readonly string[];
    notificationTypes: readonly string[];
  }): Promise<void> {
    await this.db
      .insertInto('ns_categories')
      .values([...choices.categories])
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    await this.db
      .insertInto('ns_student_types')
      .values(choices.studentTypes.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await this.db
      .insertInto('ns_notification_types')
      .values(choices.notificationTypes.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  /** Whether any Next Steps message is stored (the ones every person is shown on first sight). */
  async hasMessages(): Promise<boolean> {
    const row = await this.db.selectFrom('ns_messages').select('id').executeTakeFirst();
    return row !== undefined;
  }

  /** Stores a Next Steps message, shown to each person Next Steps meets from now on. */
  async addMessage(message: { title: string; body: string }, createdOn: Date): Promise<void> {
    await this.db
      .insertInto('ns_messages')
      .values({ title: message.title, body: message.body, created_on: createdOn.toISOString() })
      .execute();
  }

  async isNewStudent(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('is_new_student')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.is_new_student === 1;
  }

  /**
   * Creates the user's preference, affiliations and message the first time, in one transaction, so
   * concurrent first calls wait for each other instead of seeing half a user.
   */
  async ensureUser(
    userId: number,
    defaults: (isNewStudent: boolean) => Defaults | Promise<Defaults>,
  ): Promise<void> {
    const known = await this.db
      .selectFrom('ns_user_preferences')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (known) return;
    const chosen = await defaults(await this.isNewStudent(userId));
    await this.db.transaction().execute(async (trx) => {
      const notificationIds = chosen.notificationTypes.length
        ? await trx
            .selectFrom('ns_notification_types')
            .select('id')
            .where('name', 'in', chosen.notificationTypes)
            .execute()
        : [];
      const inserted = await trx
        .insertInto('ns_user_preferences')
        .values({
          user_id: userId,
          notifications: JSON.stringify(notificationIds.map((r) => r.id)),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      const types = chosen.studentTypes.length
        ? await trx
            .selectFrom('ns_student_types')
            .select('id')
            .where('name', 'in', chosen.studentTypes)
            .execute()
        : [];
      if (types.length > 0) {
        await trx
          .insertInto('ns_user_student_types')
          .values(types.map((t) => ({ user_id: userId, student_type_id: t.id })))
          .execute();
      }
      const messages = await trx.selectFrom('ns_messages').select('id').execute();
      if (messages.length > 0) {
        await trx
          .insertInto('ns_user_messages')
          .values(messages.map((m) => ({ user_id: userId, message_id: m.id })))
          .execute();
      }
    });
  }

  /** The affiliations record; its pk is the user's id. "All Students" is implied, never stored. */
  async userStudentTypes(userId: number): Promise<UserStudentTypes> {
    const rows = await this.db
      .selectFrom('ns_user_student_types')
      .select('student_type_id')
      .where('user_id', '=', userId)
      .orderBy('student_type_id')
      .execute();
    return { pk: userId, student_types: rows.map((r) => r.student_type_id) };
  }

  /** Replaces the affiliations; false when an id is unknown or is "All Students". */
  async setUserStudentTypes(userId: number, ids: number[]): Promise<boolean> {
    const unique = [...new Set(ids)];
    const found = unique.length
      ? await this.db
          .selectFrom('ns_student_types')
          .select('id')
          .where('id', 'in', unique)
          .where('name', '!=', ALL_STUDENTS)
          .execute()
      : [];
    if (found.length !== unique.length) return false;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ns_user_student_types').where('user_id', '=', userId).execute();
      if (unique.length > 0) {
        await trx
          .insertInto('ns_user_student_types')
          .values(unique.map((id) => ({ user_id: userId, student_type_id: id })))
          .execute();
      }
    });
    return true;
  }

  async preference(userId: number): Promise<UserPreference | undefined> {
    const row = await this.db
      .selectFrom('ns_user_preferences')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        pk: row.id,
        notifications: idsSchema.parse(JSON.parse(row.notifications)),
        updated_by_user_on: row.updated_by_user_on,
      }
    );
  }

  /**
   * Of `userIds`, those Next Steps knows, with their chosen notifications as stored (JSON text of
   * notification type ids).
   */
  async notificationsOf(
    userIds: readonly number[],
  ): Promise<Array<{ userId: number; notifications: string }>> {
    return this.db
      .selectFrom('ns_user_preferences')
      .select(['user_id as userId', 'notifications'])
      .where('user_id', 'in', userIds)
      .execute();
  }

  /** Sets the notifications (only known ids) or updated_by_user_on; false when an id is unknown. */
  async setPreference(
    userId: number,
    change: { notifications?: number[]; updated_by_user_on?: string },
  ): Promise<boolean> {
    if (change.notifications !== undefined) {
      const unique = [...new Set(change.notifications)];
      const found = unique.length
        ? await this.db
            .selectFrom('ns_notification_types')
            .select('id')
            .where('id', 'in', unique)
            .execute()
        : [];
      if (found.length !== unique.length) return false;
      await this.db
        .updateTable('ns_user_preferences')
        .set({ notifications: JSON.stringify(unique.sort((a, b) => a - b)) })
        .where('user_id', '=', userId)
        .execute();
    }
    if (change.updated_by_user_on !== undefined) {
      await this.db
        .updateTable('ns_user_preferences')
        .set({ updated_by_user_on: new Date(change.updated_by_user_on).toISOString() })
        .where('user_id', '=', userId)
        .execute();
    }
    return true;
  }

  /** The user's messages not yet acknowledged, newest first: the USER_MESSAGES_MAX newest (issue 87). */
  async unacknowledgedMessages(userId: number): Promise<UserMessage[]> {
    return this.db
      .selectFrom('ns_user_messages as um')
      .innerJoin('ns_messages as m', 'm.id', 'um.message_id')
      .select(['um.id', 'm.title', 'm.body', 'm.created_on', 'um.user_acknowledged_on'])
      .where('um.user_id', '=', userId)
      .where('um.user_acknowledged_on', 'is', null)
      .orderBy('m.created_on', 'desc')
      .orderBy('um.id', 'desc')
      .limit(USER_MESSAGES_MAX)
      .execute();
  }

  /** Acknowledges the user's own message `id`; undefined when it is not theirs. */
  async acknowledge(userId: number, id: number, at: string): Promise<UserMessage | undefined> {
    await this.db
      .updateTable('ns_user_messages')
      .set({ user_acknowledged_on: new Date(at).toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    return this.db
      .selectFrom('ns_user_messages as um')
      .innerJoin('ns_messages as m', 'm.id', 'um.message_id')
      .select(['um.id', 'm.title', 'm.body', 'm.created_on', 'um.user_acknowledged_on'])
      .where('um.id', '=', id)
      .where('um.user_id', '=', userId)
      .executeTakeFirst();
  }
}
