import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** SAML messages used once (an answered AuthnRequest, a LogoutRequest), shared by every process. */
export class SamlUsedRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Marks `key` used until `expiresAt`; true for the first use only. Of several callers with the
   * same key, on any process, one gets true (the primary key decides).
   */
  async useOnce(key: string, expiresAt: Date): Promise<boolean> {
    const result = await this.db
      .insertInto('saml_used')
      .values({ key, expires_at: expiresAt.toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('saml_used')
      .where('expires_at', '<=', now.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
