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
    session: Omit<SessionRecord, 'sharedComputer'> & {
      sharedComputer?: boolean;
      /** The sign-in's access token for the SIS, sealed (auth/sis-token.ts). */
      sisToken?: string | null;
    },
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
        sis_token: session.sisToken ?? null,
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

  /**
   * The session's sealed SIS token, read from the store every time (never from a process's memo of
   * the session: another process may have refreshed it); null when it has none or is gone.
   */
  async sisTokenOf(idHash: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('sessions')
      .select('sis_token')
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return row?.sis_token ?? null;
  }

  /**
   * Replaces the session's sealed SIS token with `next` only if it still holds `previous` (a refresh
   * in one process at a time wins; the others read the winner's). True when this one replaced it.
   */
  async replaceSisToken(idHash: string, previous: string, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ sis_token: next })
      .where('id_hash', '=', idHash)
      .where('sis_token', '=', previous)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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
