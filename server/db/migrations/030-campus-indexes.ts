import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Indexes a campus-sized store shows missing (issue 48, `npm run bench:campus`):
 *
 * - `ns_user_tasks (task_id)`: the reminder planner reads the records of the tasks with a deadline
 *   in its window, a task at a time (DeadlineTasksRepository.openPage); the only index of the table
 *   led with `user_id`, so every pass read all of it (1.8 million rows at 30,000 students).
 * - `messages (audience, username)`: a person's Messages (their own, their roles', everyone's) read
 *   every message to one person on `messages_audience` to find theirs (19,000 at campus size); with
 *   both columns it reads only theirs.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('ns_user_tasks_task').on('ns_user_tasks').column('task_id').execute();
  await db.schema
    .createIndex('messages_audience_username')
    .on('messages')
    .columns(['audience', 'username'])
    .execute();
}
