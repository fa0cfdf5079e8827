import type { Kysely } from 'kysely';

/**
 * portal.md §4/§5: a student marks an initiation-of-attendance warning read, per course (CRN) and
 * term, on the server so that it stays read after a reload and on another device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attendance_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('crn', 'text', (c) => c.notNull())
    .addColumn('read_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_reads_pk', ['user_id', 'term', 'crn'])
    .execute();
}
