import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

export interface CalendarTokenRecord {
  userId: number;
  tokenHash: string;
  /** The token sealed with the server's secret, for its owner to see again. */
  tokenSealed: string;
  createdAt: Date;
}

/** The personal calendar addresses: looked up by the token's hash only. */
export class CalendarTokensRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async forUser(userId: number): Promise<CalendarTokenRecord | undefined> {
    const row = await this.db
      .selectFrom('calendar_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async findByHash(tokenHash: string): Promise<CalendarTokenRecord | undefined> {
    const row = await this.db
      .selectFrom('calendar_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Gives the person a new address; the old one, if any, stops existing at once. */
  async replace(record: CalendarTokenRecord): Promise<void> {
    const values = {
      user_id: record.userId,
      token_hash: record.tokenHash,
      token_sealed: record.tokenSealed,
      created_at: record.createdAt.toISOString(),
    };
    await this.db
      .insertInto('calendar_tokens')
      .values(values)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          token_hash: values.token_hash,
          token_sealed: values.token_sealed,
          created_at: values.created_at,
        }),
      )
      .execute();
  }
}

function toRecord(row: {
  user_id: number;
  token_hash: string;
  token_sealed: string;
  created_at: string;
}): CalendarTokenRecord {
  return {
    userId: row.user_id,
    tokenHash: row.token_hash,
    tokenSealed: row.token_sealed,
    createdAt: new Date(row.created_at),
  };
}
