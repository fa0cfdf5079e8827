import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** Initiation-of-attendance warnings each user marked read, per term and course (CRN). */
export class AttendanceReadsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** When each course of `term` was marked read by the user: CRN → ISO time. */
  async forTerm(userId: number, term: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('attendance_reads')
      .select(['crn', 'read_on'])
      .where('user_id', '=', userId)
      .where('term', '=', term)
      .execute();
    return new Map(rows.map((r) => [r.crn, r.read_on]));
  }

  /** Marks a course read; marking it again keeps the first time. Answers when it was marked. */
  async markRead(userId: number, term: string, crn: string, at: Date): Promise<string> {
    await this.db
      .insertInto('attendance_reads')
      .values({ user_id: userId, term, crn, read_on: at.toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'term', 'crn']).doNothing())
      .execute();
    const row = await this.db
      .selectFrom('attendance_reads')
      .select('read_on')
      .where('user_id', '=', userId)
      .where('term', '=', term)
      .where('crn', '=', crn)
      .executeTakeFirstOrThrow();
    return row.read_on;
  }
}
