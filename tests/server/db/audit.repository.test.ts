import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { repositoryStores } from './stores.js';
import { AuditRepository } from '../../../server/db/repositories/audit.repository.js';
import { SessionsRepository } from '../../../server/db/repositories/sessions.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';

const stores = repositoryStores('audit');

describe.each(stores)('audit log and session sweep on $name', ({ open }) => {
  let database: Database;
  const now = new Date('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database.close());

  it('records who did what, when, and reads the newest first', async () => {
    const audit = new AuditRepository(database.db);
    await audit.record({
      at: now,
      userId: 7,
      username: 'mchen',
      action: 'auth.signIn',
      detail: { method: 'demo', persona: 'staff' },
      address: '203.0.113.7',
    });
    await audit.record({
      at: new Date(now.getTime() + 1000),
      userId: null,
      username: null,
      action: 'auth.signInFailed',
      detail: { reason: 'no-transaction' },
      address: null,
    });
    const [latest, previous] = await audit.latest(2);
    expect(latest).toMatchObject({ action: 'auth.signInFailed', userId: null, username: null });
    expect(previous).toMatchObject({
      at: now,
      userId: 7,
      username: 'mchen',
      action: 'auth.signIn',
      detail: { method: 'demo', persona: 'staff' },
      address: '203.0.113.7',
    });
  });

  it('sweeps sessions past their absolute lifetime or idle too long, and keeps live ones', async () => {
    const users = new UsersRepository(database.db);
    const sessions = new SessionsRepository(database.db);
    const user = await users.upsertFromPersona(findPersona('student'), now);
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
    const make = (id: string, lastSeenAt: Date, expiresAt: Date) =>
      sessions.create({
        idHash: id,
        tokenHash: `t-${id}`,
        userId: user.id,
        createdAt: minutes(-60),
        lastSeenAt,
        expiresAt,
      });
    await make('live', minutes(-5), minutes(600));
    await make('idle', minutes(-45), minutes(600));
    await make('expired', minutes(-1), minutes(-1));
    expect(await sessions.deleteStale(now, minutes(-30))).toBe(2);
    expect(await sessions.findByIdHash('live')).toBeDefined();
    expect(await sessions.findByIdHash('idle')).toBeUndefined();
    expect(await sessions.findByIdHash('expired')).toBeUndefined();
  });
});
