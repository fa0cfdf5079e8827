import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

export interface SessionRecord {
  idHash: string;
  tokenHash: string;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /**
   * Signed in with "This is a shared computer" ticked: the installed app keeps nothing of the person
   * offline for this session (issue 56).
   */
  sharedComputer: boolean;
}

/** Sessions are stored by hashes only: a copy of the table opens no session. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async create(
    session: Omit<SessionRecord, 'sharedComputer'> & { sharedComputer?: boolean },
  ): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: session.idHash,
        token_hash: session.tokenHash,
        user_id: session.userId,
        created_at: session.createdAt.toISOString(),
        last_seen_at: session.lastSeenAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
        shared_computer: session.sharedComputer ? 1 : 0,
      })
      .execute();
  }

  async findByIdHash(idHash: string): Promise<SessionRecord | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRecord | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async touch(idHash: string, at: Date): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: at.toISOString() })
      .where('id_hash', '=', idHash)
      .execute();
  }

  async delete(idHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('expires_at', '<=', now.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Removes sessions past their absolute lifetime or unused since `lastSeenBefore` (idle). */
  async deleteStale(now: Date, lastSeenBefore: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', now.toISOString()),
          eb('last_seen_at', '<=', lastSeenBefore.toISOString()),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function toRecord(row: {
  id_hash: string;
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  shared_computer: number;
}): SessionRecord {
  return {
    idHash: row.id_hash,
    tokenHash: row.token_hash,
    userId: row.user_id,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
    sharedComputer: row.shared_computer === 1,
  };
}
