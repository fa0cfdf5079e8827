import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** Which emergency alerts each person has read (the alerts themselves stay in the feed). */
export class AlertReadsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Of the given alert ids, those the user has read. */
  async readOf(userId: number, alertIds: readonly string[]): Promise<Set<string>> {
    if (alertIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('alert_reads')
      .select('alert_id')
      .where('user_id', '=', userId)
      .where('alert_id', 'in', alertIds)
      .execute();
    return new Set(rows.map((r) => r.alert_id));
  }

  /** Records the read; reading again keeps the first time. */
  async markRead(userId: number, alertId: string, readOn: string): Promise<void> {
    await this.db
      .insertInto('alert_reads')
      .values({ user_id: userId, alert_id: alertId, read_on: readOn })
      .onConflict((oc) => oc.columns(['user_id', 'alert_id']).doNothing())
      .execute();
  }
}
