import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import type { DelegateSessionsTable } from '../delegates.schema.js';

export type DelegateSessionRow = Selectable<DelegateSessionsTable>;

/** What a token was for, once used. */
export interface UsedToken {
  delegate_id: number;
  delegation_id: number | null;
}

/**
 * Delegates' single-use tokens (invitations, sign-in links) and sessions (issue 73, migration 043):
 * only their SHA-256 hashes are stored. A token is used by one statement that marks it used where it
 * was unused and unexpired, so of two requests with the same token at most one succeeds, on any
 * process.
 */
export class DelegateTokensRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async issue(
    tokenHash: string,
    kind: 'invite' | 'sign-in',
    delegateId: number,
    delegationId: number | null,
    expiresAt: Date,
  ): Promise<void> {
    await this.db
      .insertInto('delegate_tokens')
      .values({
        token_hash: tokenHash,
        kind,
        delegate_id: delegateId,
        delegation_id: delegationId,
        expires_at: expiresAt.toISOString(),
        used_at: null,
      })
      .execute();
  }

  /** Uses the token: what it was for, or undefined when unknown, used, expired or of another kind. */
  async use(tokenHash: string, kind: 'invite' | 'sign-in', now: Date) {
    const at = now.toISOString();
    const result = await this.db
      .updateTable('delegate_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    const row = await this.db
      .selectFrom('delegate_tokens')
      .select(['delegate_id', 'delegation_id'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirstOrThrow();
    return row satisfies UsedToken;
  }

  /** What an unused, unexpired token of this kind is for, without using it (a link's page shows it). */
  async unused(tokenHash: string, kind: 'invite' | 'sign-in', now: Date) {
    const row = await this.db
      .selectFrom('delegate_tokens')
      .select(['delegate_id', 'delegation_id'])
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return row satisfies UsedToken | undefined;
  }

  /** Ends a grant's unused invitations (the grant was revoked). */
  async withdraw(delegationId: number, now: Date): Promise<void> {
    await this.db
      .updateTable('delegate_tokens')
      .set({ used_at: now.toISOString() })
      .where('delegation_id', '=', delegationId)
      .where('used_at', 'is', null)
      .execute();
  }

  async startSession(
    idHash: string,
    delegateId: number,
    delegationId: number | null,
    now: Date,
    expiresAt: Date,
  ): Promise<void> {
    await this.db
      .insertInto('delegate_sessions')
      .values({
        id_hash: idHash,
        delegate_id: delegateId,
        delegation_id: delegationId,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .execute();
  }

  /** The live session with this id hash. */
  async session(idHash: string, now: Date): Promise<DelegateSessionRow | undefined> {
    return this.db
      .selectFrom('delegate_sessions')
      .selectAll()
      .where('id_hash', '=', idHash)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
  }

  async choose(idHash: string, delegationId: number): Promise<void> {
    await this.db
      .updateTable('delegate_sessions')
      .set({ delegation_id: delegationId })
      .where('id_hash', '=', idHash)
      .execute();
  }

  async endSession(idHash: string): Promise<void> {
    await this.db.deleteFrom('delegate_sessions').where('id_hash', '=', idHash).execute();
  }
}
