import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { RecordChangesRepository } from '../../../server/db/repositories/record-changes.repository.js';
import type { Advance } from '../../../server/db/repositories/record-changes.repository.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('record_changes');
const now = new Date('2026-11-25T12:00:00Z');
const message = (title: string) => ({
  username: 'student',
  title,
  body: title,
  actionLink: '/account#holds',
  translations: '{}',
});

describe.each(stores)('record changes on $name', ({ open }) => {
  let database: Database;
  beforeEach(async () => {
    database = await open();
    await database.db.deleteFrom('record_changes').execute();
    await database.db.deleteFrom('record_fingerprints').execute();
    await database.db.deleteFrom('messages').where('username', '=', 'student').execute();
  });
  afterEach(async () => database.close());

  const messages = () =>
    database.db.selectFrom('messages').select('title').where('username', '=', 'student').execute();
  const hold = (from: number | undefined): Advance => ({
    userId: 7,
    from,
    fingerprint: `{"v":${from ?? 'base'}}`,
    now,
    changes: from === undefined ? [] : [{ kind: 'hold-added', subject: 'AR', message: 0 }],
    messages: from === undefined ? [] : [message('A hold was added')],
  });

  it('a baseline raises nothing; a change is raised once, whichever process gets there', async () => {
    const one = new RecordChangesRepository(database.db);
    const two = new RecordChangesRepository(database.db);
    expect(await one.stored(7)).toBeUndefined();
    await Promise.all([one.advance(hold(undefined)), two.advance(hold(undefined))]);
    expect(await one.stored(7)).toEqual({ version: 0, fingerprint: '{"v":base}' });
    expect(await messages()).toEqual([]);
    const results = await Promise.all([one.advance(hold(0)), two.advance(hold(0))]);
    expect(results.map((r) => r.length).sort()).toEqual([0, 1]);
    expect(await messages()).toEqual([{ title: 'A hold was added' }]);
    expect(await one.stored(7)).toEqual({ version: 1, fingerprint: '{"v":0}' });
    // A replay of the same comparison (the version already moved on) writes nothing.
    expect(await one.advance(hold(0))).toEqual([]);
    expect(await one.raisedSince(7, new Date(now.getTime() - 3_600_000))).toBe(1);
    expect(await one.raisedSince(7, new Date(now.getTime() + 1))).toBe(0);
  });

  it('a change already raised under its key is not told again', async () => {
    const repo = new RecordChangesRepository(database.db);
    await repo.advance(hold(undefined));
    // The key (student, kind, subject, version 1) is taken, as by a process that died after it.
    await database.db
      .insertInto('record_changes')
      .values({
        user_id: 7,
        kind: 'hold-added',
        subject: 'AR',
        version: 1,
        raised_at: now.toISOString(),
        message_id: null,
      })
      .execute();
    expect(await repo.advance(hold(0))).toEqual([]);
    expect(await messages()).toEqual([]);
  });

  it('several changes told by one message', async () => {
    const repo = new RecordChangesRepository(database.db);
    await repo.advance(hold(undefined));
    const written = await repo.advance({
      ...hold(0),
      changes: [
        { kind: 'hold-added', subject: 'AR', message: 0 },
        { kind: 'class-dropped', subject: '202604:1', message: 0 },
      ],
      messages: [message('2 changes to your record')],
    });
    expect(written.map((w) => w.message)).toEqual([0]);
    const rows = await database.db.selectFrom('record_changes').select('message_id').execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.message_id)).size).toBe(1);
    expect(rows[0]?.message_id).not.toBeNull();
  });
});
