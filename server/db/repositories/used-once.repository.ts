import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** What a value is used once for: a Canvas OAuth state's nonce, a SAML message (`authn:`/`logout:` id). */
export type UsedOncePurpose = 'canvas-state' | 'saml';

/** The SHA-256 of a value as the table keeps it (base64url). */
export const usedOnceHash = (value: string) =>
  createHash('sha256').update(value).digest('base64url');

/**
 * One-time values as they are used (migrations 033 and 037), shared by every server process: a
 * Canvas OAuth state's nonce, so the state and its cookie work once (issue 56); the SAML
 * AuthnRequest a verified response answered and each LogoutRequest acted on, so a replay is refused
 * on any process. Only a hash of the value is kept, and only until the value could not be accepted
 * anyway.
 */
export class UsedOnceRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Uses `valueHash` for `purpose`: true the first time, false once it was used (by any process; of
   * several callers at once, the primary key lets one through). Rows whose value has expired by
   * `now` go first, so the table holds only values still live.
   */
  async use(
    purpose: UsedOncePurpose,
    valueHash: string,
    expiresAt: Date,
    now: Date,
  ): Promise<boolean> {
    await this.db.deleteFrom('used_once').where('expires_at', '<=', now.toISOString()).execute();
    const result = await this.db
      .insertInto('used_once')
      .values({ purpose, value_hash: valueHash, expires_at: expiresAt.toISOString() })
      .onConflict((oc) => oc.columns(['purpose', 'value_hash']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
