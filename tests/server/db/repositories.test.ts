import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { repositoryStores } from './stores.js';
import { PreferencesRepository } from '../../../server/db/repositories/preferences.repository.js';
import { SessionsRepository } from '../../../server/db/repositories/sessions.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';

const stores = repositoryStores('repo');

describe.each(stores)('repositories on $name', ({ open }) => {
  let database: Database;
  let users: UsersRepository;
  let sessions: SessionsRepository;
  let preferences: PreferencesRepository;
  const now = new Date('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    database = await open();
    users = new UsersRepository(database.db);
    sessions = new SessionsRepository(database.db);
    preferences = new PreferencesRepository(database.db);
  });
  afterAll(async () => database.close());

  it('runs the migrations again without harm', async () => {
    const again = await open();
    await again.close();
  });

  it('creates a persona user once and refreshes it on the next sign-in', async () => {
    const faculty = findPersona('faculty');
    const first = await users.upsertFromPersona(faculty, now);
    const second = await users.upsertFromPersona({ ...faculty, last_name: 'Patel-Ng' }, now);
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({
      username: faculty.username,
      last_name: 'Patel-Ng',
      primary_role: 'faculty',
      other_roles: ['staff'],
      is_staff: false,
    });
    expect(await users.findById(first.id)).toEqual(second);
  });

  it('stores sessions by hash and finds them by id and by token', async () => {
    const user = await users.upsertFromPersona(findPersona('student'), now);
    const record = {
      idHash: `id-${randomBytes(4).toString('hex')}`,
      tokenHash: `tok-${randomBytes(4).toString('hex')}`,
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      sharedComputer: false,
    };
    await sessions.create(record);
    expect(await sessions.findByIdHash(record.idHash)).toEqual(record);
    const shared = { ...record, idHash: `${record.idHash}-s`, tokenHash: `${record.tokenHash}-s` };
    await sessions.create({ ...shared, sharedComputer: true });
    expect((await sessions.findByTokenHash(shared.tokenHash))?.sharedComputer).toBe(true);
    expect(await sessions.findByTokenHash(record.tokenHash)).toEqual(record);
    const later = new Date(now.getTime() + 60_000);
    await sessions.touch(record.idHash, later);
    expect((await sessions.findByIdHash(record.idHash))?.lastSeenAt).toEqual(later);
    await sessions.delete(record.idHash);
    expect(await sessions.findByIdHash(record.idHash)).toBeUndefined();
  });

  it('deletes expired sessions only', async () => {
    const user = await users.upsertFromPersona(findPersona('staff'), now);
    const base = { userId: user.id, createdAt: now, lastSeenAt: now };
    await sessions.create({
      ...base,
      idHash: 'old',
      tokenHash: 'old-t',
      expiresAt: new Date(now.getTime() - 1),
    });
    await sessions.create({
      ...base,
      idHash: 'live',
      tokenHash: 'live-t',
      expiresAt: new Date(now.getTime() + 1000),
    });
    expect(await sessions.deleteExpired(now)).toBe(1);
    expect(await sessions.findByIdHash('live')).toBeDefined();
  });

  it('creates default preferences once and lets only their owner change them', async () => {
    const owner = await users.upsertFromPersona(findPersona('new-student'), now);
    const other = await users.upsertFromPersona(findPersona('advisor'), now);
    const prefs = await preferences.forUser(owner.id);
    expect(prefs).toMatchObject({
      use_profile_photo: true,
      contact_by_text: false,
      sms_number: null,
      theme: 'system',
      language: null,
    });
    expect((await preferences.forUser(owner.id)).pk).toBe(prefs.pk);
    expect(await preferences.update(other.id, prefs.pk, { contact_by_text: true })).toBeUndefined();
    const changed = await preferences.update(owner.id, prefs.pk, {
      contact_by_text: true,
      sms_number: '5035551234',
    });
    expect(changed).toMatchObject({ contact_by_text: true, sms_number: '5035551234' });
    expect(await preferences.update(owner.id, prefs.pk, { theme: 'dark' })).toMatchObject({
      theme: 'dark',
    });
  });
});
