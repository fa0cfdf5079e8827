import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/**
 * One-time values as they are used (migration 033), shared by every server process: a Canvas OAuth
 * state's nonce, so the state and its cookie work once (issue 56). Only a hash of the value is kept,
 * and only until the value could not be accepted anyway.
 */
export class UsedOnceRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Uses `valueHash` for `purpose`: true the first time, false once it was used (by any process).
   * Rows whose value has expired by `now` go first, so the table holds only values still live.
   */
  async use(purpose: string, valueHash: string, expiresAt: Date, now: Date): Promise<boolean> {
    await this.db.deleteFrom('used_once').where('expires_at', '<=', now.toISOString()).execute();
    const result = await this.db
      .insertInto('used_once')
      .values({ purpose, value_hash: valueHash, expires_at: expiresAt.toISOString() })
      .onConflict((oc) => oc.columns(['purpose', 'value_hash']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
