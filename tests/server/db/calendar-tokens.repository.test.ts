import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { CalendarTokensRepository } from '../../../server/db/repositories/calendar-tokens.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('calendar');

describe.each(stores)('calendar addresses on $name', ({ open }) => {
  let database: Database;
  const now = new Date('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database.close());

  it('keeps one address per person, found by its hash; a new one replaces the old', async () => {
    const users = new UsersRepository(database.db);
    const tokens = new CalendarTokensRepository(database.db);
    const ana = await users.upsertFromPersona(findPersona('student'), now);
    const mia = await users.upsertFromPersona(findPersona('new-student'), now);
    expect(await tokens.forUser(ana.id)).toBeUndefined();

    await tokens.replace({ userId: ana.id, tokenHash: 'h1', tokenSealed: 's1', createdAt: now });
    await tokens.replace({ userId: mia.id, tokenHash: 'm1', tokenSealed: 'x', createdAt: now });
    expect(await tokens.findByHash('h1')).toEqual({
      userId: ana.id,
      tokenHash: 'h1',
      tokenSealed: 's1',
      createdAt: now,
    });

    const later = new Date(now.getTime() + 60_000);
    await tokens.replace({ userId: ana.id, tokenHash: 'h2', tokenSealed: 's2', createdAt: later });
    expect(await tokens.findByHash('h1')).toBeUndefined();
    expect(await tokens.forUser(ana.id)).toMatchObject({ tokenHash: 'h2', createdAt: later });
    expect(await tokens.findByHash('m1')).toMatchObject({ userId: mia.id });
  });
});
