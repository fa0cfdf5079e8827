import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * SAML messages used once (issue 56): the AuthnRequest a verified response answered and the ID of
 * each LogoutRequest acted on, kept until the message could no longer be valid, so a second use
 * on any process is refused. The request a browser is waiting for now lives in its sealed cookie,
 * so an anonymous /auth/login writes nothing: `saml_requests` goes.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('saml_used')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saml_used_expires').on('saml_used').column('expires_at').execute();
  await db.schema.dropTable('saml_requests').execute();
}
