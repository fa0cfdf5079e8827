import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { idColumn } from './columns.js';

/**
 * Delegates' passkeys (issue 73): a delegate signed in by an emailed link may add a passkey (WebAuthn)
 * and sign in with it afterwards. `delegate_passkeys` keeps each credential's id and public key
 * (base64url), its signature counter and transports; `delegate_passkey_challenges` keeps each
 * ceremony's challenge server-side (2 minutes, used once): a registration's is bound to the
 * delegate who asked for it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('delegate_passkeys'), dialect)
    .addColumn('delegate_id', 'integer', (c) => c.notNull())
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('delegate_passkeys_delegate')
    .on('delegate_passkeys')
    .columns(['delegate_id'])
    .execute();
  await db.schema
    .createTable('delegate_passkey_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('delegate_id', 'integer')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
}
