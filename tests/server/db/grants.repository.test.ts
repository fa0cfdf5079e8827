import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { GrantsRepository } from '../../../server/db/repositories/grants.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

describe.each(repositoryStores('grants'))('grants on $name', ({ open }) => {
  let database: Database;
  const now = new Date('2026-11-21T12:00:00.000Z');
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database.close());

  it("a Support grant names the viewer's office; granting it again with another office moves it", async () => {
    const grants = new GrantsRepository(database.db);
    await grants.put('lnguyen', 'support', 'root', now, 'Academic Advising');
    expect(await grants.officeOf('lnguyen')).toBe('Academic Advising');
    await grants.put('lnguyen', 'support', 'root', now);
    expect(await grants.officeOf('lnguyen')).toBe('Academic Advising');
    await grants.put('lnguyen', 'support', 'root', now, 'Registrar');
    expect(await grants.officeOf('lnguyen')).toBe('Registrar');
    expect(await grants.officeOf('nobody')).toBeNull();
    await grants.delete('lnguyen', 'support');
  });

  it('grants a right once, lists it by username, and revokes it', async () => {
    const grants = new GrantsRepository(database.db);
    const first = await grants.put('kparker', 'staff', 'root', now);
    const again = await grants.put('kparker', 'staff', 'other', new Date('2027-01-01T00:00:00Z'));
    expect(again).toEqual(first);
    expect(first).toEqual({
      username: 'kparker',
      right: 'staff',
      granted_by: 'root',
      granted_at: '2026-11-21T12:00:00.000Z',
      office: null,
    });
    await grants.put('kparker', 'demo', null, now);
    await grants.put('zed', 'superuser', 'root', now);
    expect([...(await grants.rightsOf('kparker'))].sort()).toEqual(['demo', 'staff']);
    expect((await grants.list()).map((g) => g.username)).toEqual(['kparker', 'kparker', 'zed']);
    expect(await grants.delete('kparker', 'staff')).toBe(true);
    expect(await grants.delete('kparker', 'staff')).toBe(false);
    expect([...(await grants.rightsOf('kparker'))]).toEqual(['demo']);
  });

  it('sets one right of a stored user at once and leaves unknown usernames alone', async () => {
    const users = new UsersRepository(database.db);
    const user = await users.upsertFromPersona(findPersona('student'), now);
    await users.setFlag(user.username, 'is_staff', true, now);
    await users.setFlag('nobody', 'is_staff', true, now);
    expect((await users.findById(user.id))?.is_staff).toBe(true);
    expect(await users.findByUsername('nobody')).toBeUndefined();
  });
});
