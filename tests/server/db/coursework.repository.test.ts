import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { CourseworkRepository } from '../../../server/db/repositories/coursework.repository.js';
import type { CourseworkFeedRecord } from '../../../server/db/repositories/coursework.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('coursework');

describe.each(stores)('coursework marked done on $name', ({ open }) => {
  let database: Database;
  let repo: CourseworkRepository;
  let ana: number;
  let mia: number;
  const now = new Date('2026-10-25T12:00:00.000Z');
  const feed = (userId: number): CourseworkFeedRecord => ({
    userId,
    kind: 'calendar',
    addressSealed: 'sealed',
    tokensSealed: null,
    masked: 'https://canvas.example/…abcd',
    source: 'canvas',
    status: 'current',
    etag: null,
    lastModified: null,
    readAt: now,
    failures: 0,
    nextReadAt: null,
    createdAt: now,
  });
  const item = (id: string) => ({
    id,
    title: 'Essay 2',
    course: 'ENGL 101',
    due: now,
    allDay: false,
    link: null,
    source: 'canvas' as const,
  });

  beforeAll(async () => {
    database = await open();
    repo = new CourseworkRepository(database.db);
    const users = new UsersRepository(database.db);
    ana = (await users.upsertFromPersona(findPersona('student'), now)).id;
    mia = (await users.upsertFromPersona(findPersona('new-student'), now)).id;
  });
  afterAll(async () => database.close());

  it('keeps a mark per person and key; marking twice keeps one, undo forgets it', async () => {
    expect(await repo.doneKeysOf(ana)).toEqual(new Set());
    await repo.setDone(ana, 'uid-1', true, now);
    await repo.setDone(ana, 'uid-1', true, new Date(now.getTime() + 60_000));
    await repo.setDone(ana, 'uid-2', true, now);
    expect(await repo.doneKeysOf(ana)).toEqual(new Set(['uid-1', 'uid-2']));
    expect(await repo.doneKeysOf(mia)).toEqual(new Set());
    await repo.setDone(ana, 'uid-2', false, now);
    await repo.setDone(ana, 'uid-2', false, now);
    expect(await repo.doneKeysOf(ana)).toEqual(new Set(['uid-1']));
  });

  it('the marks outlive a new reading and a new address, and go with Remove', async () => {
    await repo.replace(feed(ana), [item('uid-1@2026-10-30T06:59:00.000Z')]);
    await repo.recordReading(ana, {
      status: 'current',
      failures: 0,
      nextReadAt: null,
      items: [item('uid-1@2026-10-31T06:59:00.000Z')],
    });
    await repo.replace(feed(ana), [item('uid-1@2026-10-31T06:59:00.000Z')]);
    expect(await repo.doneKeysOf(ana)).toEqual(new Set(['uid-1']));
    await repo.setDone(mia, 'uid-9', true, now);
    await repo.remove(ana);
    expect(await repo.doneKeysOf(ana)).toEqual(new Set());
    expect(await repo.doneKeysOf(mia)).toEqual(new Set(['uid-9']));
  });
});
