import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * SAML sign-in (issue 46): each AuthnRequest the portal sends, until its answer comes back. The
 * answer's `InResponseTo` must name a row started by the same browser (`browser_hash`, the hash of
 * a cookie set at /auth/login); the row is deleted as it is used, so a response is accepted once,
 * whichever process receives it. `next` is where the person goes once signed in.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('saml_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('next', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saml_requests_expires')
    .on('saml_requests')
    .column('expires_at')
    .execute();
}
