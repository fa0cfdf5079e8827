import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

export interface SamlRequestRecord {
  id: string;
  browserHash: string;
  next: string;
  createdAt: Date;
  expiresAt: Date;
}

/** The SAML AuthnRequests sent and not yet answered, shared by every server process. */
export class SamlRequestsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async save(record: SamlRequestRecord): Promise<void> {
    await this.db
      .insertInto('saml_requests')
      .values({
        id: record.id,
        browser_hash: record.browserHash,
        next: record.next,
        created_at: record.createdAt.toISOString(),
        expires_at: record.expiresAt.toISOString(),
      })
      .execute();
  }

  /**
   * Takes the request `id` started by the browser `browserHash`, unexpired at `now`, and deletes it:
   * of several callers with the same id, on any process, only one gets it.
   */
  async take(id: string, browserHash: string, now: Date): Promise<SamlRequestRecord | undefined> {
    const row = await this.db
      .selectFrom('saml_requests')
      .selectAll()
      .where('id', '=', id)
      .where('browser_hash', '=', browserHash)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (!row) return undefined;
    const deleted = await this.db
      .deleteFrom('saml_requests')
      .where('id', '=', id)
      .where('browser_hash', '=', browserHash)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return undefined;
    return {
      id: row.id,
      browserHash: row.browser_hash,
      next: row.next,
      createdAt: new Date(row.created_at),
      expiresAt: new Date(row.expires_at),
    };
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('saml_requests')
      .where('expires_at', '<=', now.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
