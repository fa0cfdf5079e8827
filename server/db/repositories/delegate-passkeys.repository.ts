import type { Kysely } from 'kysely';
import { PASSKEYS_LISTED_MAX } from '../../../contract/delegate-passkeys.schema.js';
import type { DatabaseSchema } from '../schema.js';

/** A delegate's passkey as the ceremonies and the page use it. */
export interface DelegatePasskey {
  id: number;
  delegateId: number;
  /** The credential's id, base64url. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** What a verified registration stores. */
export interface NewDelegatePasskey {
  delegateId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: readonly string[];
  deviceType: string;
  backedUp: boolean;
}

type Row = DatabaseSchema['delegate_passkeys'];

const passkeyOf = (row: {
  id: number;
  delegate_id: number;
  credential_id: string;
  public_key: string;
  counter: Row['counter'];
  transports: string;
  created_at: string;
  last_used_at: string | null;
}): DelegatePasskey => ({
  id: row.id,
  delegateId: row.delegate_id,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports === '' ? [] : row.transports.split(','),
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/**
 * Delegates' passkeys and the passkey ceremonies' challenges (issue 73, migration 049). A challenge
 * is used by one statement that marks it used where it was unused, unexpired, of the ceremony's kind
 * and (for a registration) the same delegate's, so a replayed answer fails on any process.
 */
export class DelegatePasskeysRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async issueChallenge(
    challenge: string,
    kind: 'register' | 'sign-in',
    delegateId: number | null,
    expiresAt: Date,
  ): Promise<void> {
    await this.db
      .insertInto('delegate_passkey_challenges')
      .values({
        challenge,
        kind,
        delegate_id: delegateId,
        expires_at: expiresAt.toISOString(),
        used_at: null,
      })
      .execute();
  }

  /** Uses a challenge once: true when it was issued for this ceremony (and delegate) and is live. */
  async useChallenge(
    challenge: string,
    kind: 'register' | 'sign-in',
    delegateId: number | null,
    now: Date,
  ): Promise<boolean> {
    const at = now.toISOString();
    let update = this.db
      .updateTable('delegate_passkey_challenges')
      .set({ used_at: at })
      .where('challenge', '=', challenge)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at);
    update =
      delegateId === null
        ? update.where('delegate_id', 'is', null)
        : update.where('delegate_id', '=', delegateId);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Forgets challenges that ended more than a day ago. */
  async sweepChallenges(now: Date): Promise<void> {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
    await this.db
      .deleteFrom('delegate_passkey_challenges')
      .where('expires_at', '<', dayAgo)
      .execute();
  }

  async add(passkey: NewDelegatePasskey, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('delegate_passkeys')
      .values({
        delegate_id: passkey.delegateId,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports.join(','),
        device_type: passkey.deviceType,
        backed_up: passkey.backedUp ? 1 : 0,
        created_at: now.toISOString(),
        last_used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A delegate's passkeys, oldest first: the first PASSKEYS_LISTED_MAX (issue 87). */
  async ofDelegate(delegateId: number): Promise<DelegatePasskey[]> {
    const rows = await this.db
      .selectFrom('delegate_passkeys')
      .selectAll()
      .where('delegate_id', '=', delegateId)
      .orderBy('id')
      .limit(PASSKEYS_LISTED_MAX)
      .execute();
    return rows.map(passkeyOf);
  }

  async byCredentialId(credentialId: string): Promise<DelegatePasskey | undefined> {
    const row = await this.db
      .selectFrom('delegate_passkeys')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
    return row ? passkeyOf(row) : undefined;
  }

  /** Records a sign-in: the authenticator's new counter and the time. */
  async used(id: number, counter: number, now: Date): Promise<void> {
    await this.db
      .updateTable('delegate_passkeys')
      .set({ counter, last_used_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** Removes one of the delegate's passkeys: false when they have none of that id. */
  async remove(delegateId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('delegate_passkeys')
      .where('id', '=', id)
      .where('delegate_id', '=', delegateId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
