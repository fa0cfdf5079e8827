import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/** next-steps.md §3: tasks, per-user task records, categories, student types, preferences, messages. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_new_student', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db.schema.createTable('ns_categories'), dialect)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('ns_student_types'), dialect)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await idColumn(db.schema.createTable('ns_notification_types'), dialect)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await idColumn(db.schema.createTable('ns_tasks'), dialect)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('ns_categories.id'))
    .addColumn('starts_on', 'text')
    .addColumn('ends_on', 'text')
    .addColumn('has_deadline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_important', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('important_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('new_student_checklist', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checklist_rank', 'integer')
    .addColumn('action_date', 'text')
    .addColumn('periodicity', 'text', (c) => c.notNull().defaultTo('once'))
    .addColumn('sort_by', 'text', (c) => c.notNull().defaultTo('START'))
    .addColumn('modality', 'text', (c) => c.notNull().defaultTo('ONLINE'))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('ns_task_student_types')
    .addColumn('task_id', 'integer', (c) =>
      c.notNull().references('ns_tasks.id').onDelete('cascade'),
    )
    .addColumn('student_type_id', 'integer', (c) =>
      c.notNull().references('ns_student_types.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('ns_task_student_types_pk', ['task_id', 'student_type_id'])
    .execute();

  await idColumn(db.schema.createTable('ns_user_tasks'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) =>
      c.notNull().references('ns_tasks.id').onDelete('cascade'),
    )
    .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_on', 'text')
    .addColumn('does_not_apply_on', 'text')
    .addColumn('do_now_on', 'text')
    .addUniqueConstraint('ns_user_tasks_user_task', ['user_id', 'task_id'])
    .execute();

  await db.schema
    .createTable('ns_user_student_types')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('student_type_id', 'integer', (c) =>
      c.notNull().references('ns_student_types.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('ns_user_student_types_pk', ['user_id', 'student_type_id'])
    .execute();

  await idColumn(db.schema.createTable('ns_user_preferences'), dialect)
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('notifications', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_by_user_on', 'text')
    .execute();

  await idColumn(db.schema.createTable('ns_messages'), dialect)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('ns_user_messages'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('ns_messages.id').onDelete('cascade'),
    )
    .addColumn('user_acknowledged_on', 'text')
    .addUniqueConstraint('ns_user_messages_user_message', ['user_id', 'message_id'])
    .execute();
}
