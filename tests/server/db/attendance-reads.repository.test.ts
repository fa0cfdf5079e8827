import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { AttendanceReadsRepository } from '../../../server/db/repositories/attendance-reads.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('attendance');

describe.each(stores)('attendance reads on $name', ({ open }) => {
  let database: Database;
  const at = new Date('2026-10-12T17:00:00.000Z');

  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database.close());

  it('keeps a read mark per user, term and course, and the first time it was marked', async () => {
    const users = new UsersRepository(database.db);
    const reads = new AttendanceReadsRepository(database.db);
    const ana = await users.upsertFromPersona(findPersona('student'), at);
    const sam = await users.upsertFromPersona(findPersona('student-worker'), at);

    expect(await reads.markRead(ana.id, '202604', '41234', at)).toBe(at.toISOString());
    const later = new Date(at.getTime() + 60_000);
    expect(await reads.markRead(ana.id, '202604', '41234', later)).toBe(at.toISOString());
    await reads.markRead(ana.id, '202601', '41234', later);

    expect([...(await reads.forTerm(ana.id, '202604'))]).toEqual([['41234', at.toISOString()]]);
    expect([...(await reads.forTerm(ana.id, '202601'))]).toEqual([['41234', later.toISOString()]]);
    expect((await reads.forTerm(sam.id, '202604')).size).toBe(0);
  });
});
