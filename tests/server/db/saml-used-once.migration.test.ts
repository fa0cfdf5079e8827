import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { up } from '../../../server/db/migrations/037-saml-used-once.js';
import {
  UsedOnceRepository,
  usedOnceHash,
} from '../../../server/db/repositories/used-once.repository.js';
import { repositoryStores } from './stores.js';

/**
 * Migration 037 on a store a 1.1.0 process wrote: the SAML messages it marked used in `saml_used`
 * stay used once the upgrade's processes read `used_once`, so none can be answered again.
 */
describe.each(repositoryStores('samlonce'))('migration 037 on $name', ({ open }) => {
  let database: Database | undefined;
  afterEach(async () => database?.close());

  it('a SAML message the previous release marked used is still refused after the upgrade; the old table stays for a process still serving', async () => {
    database = await open();
    const db = database.db as unknown as Kysely<unknown>;
    const now = new Date('2026-11-26T12:00:00.000Z');
    const until = '2026-11-26T12:11:00.000Z';
    await sql`DELETE FROM saml_used`.execute(db);
    await sql`DELETE FROM used_once`.execute(db);
    await sql`INSERT INTO saml_used (key, expires_at) VALUES ('authn:_old', ${until})`.execute(db);
    await up(db, database.dialect);
    await up(db, database.dialect);
    const repo = new UsedOnceRepository(database.db);
    const use = (key: string) => repo.use('saml', usedOnceHash(key), new Date(until), now);
    expect(await use('authn:_old')).toBe(false);
    expect(await use('authn:_new')).toBe(true);
    const old = await sql<{ key: string }>`SELECT key FROM saml_used`.execute(db);
    expect(old.rows.map((r) => r.key)).toEqual(['authn:_old']);
  });
});
