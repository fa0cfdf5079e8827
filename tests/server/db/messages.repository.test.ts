import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { AlertReadsRepository } from '../../../server/db/repositories/alert-reads.repository.js';
import { MessagesRepository } from '../../../server/db/repositories/messages.repository.js';
import type { Recipient } from '../../../server/db/repositories/messages.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import type { PersonaId } from '../../../contract/persona.schema.js';
import { recipientOf } from '../../../server/messages/recipient.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('messages');
const now = new Date('2026-11-21T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe.each(stores)('messages and read state on $name', ({ open }) => {
  let database: Database;
  let messages: MessagesRepository;
  const people = {} as Record<PersonaId, Recipient>;

  beforeAll(async () => {
    database = await open();
    messages = new MessagesRepository(database.db);
    const users = new UsersRepository(database.db);
    for (const id of ['student', 'new-student', 'faculty', 'emeritus', 'student-worker'] as const) {
      // The roles a person holds are decided above the repository (messages/recipient.ts).
      people[id] = recipientOf(await users.upsertFromPersona(findPersona(id), now));
    }
    await messages.create({
      audience: 'everyone',
      title: 'To all',
      body: '',
      created_on: hoursAgo(5),
    });
    await messages.create({
      audience: 'person',
      username: people.student.username,
      title: 'For Ana',
      body: '',
      created_on: hoursAgo(1),
    });
    await messages.create({
      audience: 'role',
      role: 'faculty',
      title: 'Faculty',
      body: '',
      created_on: hoursAgo(2),
    });
    await messages.create({
      audience: 'role',
      role: 'staff',
      title: 'Staff',
      body: '',
      created_on: hoursAgo(3),
    });
    await messages.create({
      audience: 'everyone',
      title: 'Expired',
      body: '',
      created_on: hoursAgo(48),
      expires_on: hoursAgo(24),
    });
    await messages.create({ audience: 'demo', title: 'Demo', body: '', created_on: hoursAgo(4) });
  });
  afterAll(async () => database.close());

  const titles = async (who: Recipient, demo = false) =>
    (await messages.forRecipient(who, now, demo)).map((m) => m.title);

  it("answers a person's own, their roles' and everyone's messages, newest first, never an expired one", async () => {
    expect(await titles(people.student)).toEqual(['For Ana', 'To all']);
    expect(await titles(people['new-student'])).toEqual(['To all']);
  });

  it('emeritus counts as faculty, and a student worker receives staff messages (§6)', async () => {
    expect(await titles(people.emeritus)).toEqual(['Faculty', 'Staff', 'To all']);
    expect(await titles(people['student-worker'])).toEqual(['Staff', 'To all']);
  });

  it('a faculty primary role hides a secondary staff role, so staff messages do not reach it (§6)', async () => {
    expect(await titles(people.faculty)).toEqual(['Faculty', 'To all']);
  });

  it('demo mode answers the demo messages only', async () => {
    expect(await titles(people.student, true)).toEqual(['Demo']);
  });

  it('a broadcast read by one person stays unread for everyone else', async () => {
    const [broadcast] = (await messages.forRecipient(people['new-student'], now)).filter(
      (m) => m.title === 'To all',
    );
    if (!broadcast) throw new Error('no broadcast');
    const read = await messages.markRead(
      people['new-student'],
      broadcast.pk,
      now.toISOString(),
      now,
    );
    expect(read).toMatchObject({ read: true, user_read_on: now.toISOString() });
    const forAna = await messages.forRecipient(people.student, now);
    expect(forAna.find((m) => m.pk === broadcast.pk)).toMatchObject({
      read: false,
      user_read_on: null,
    });
    const again = await messages.markRead(
      people['new-student'],
      broadcast.pk,
      hoursAgo(-1).toISOString(),
      now,
    );
    expect(again?.user_read_on).toBe(now.toISOString());
  });

  it("marking someone else's message read changes nothing and answers nothing", async () => {
    const [own] = await messages.forRecipient(people.student, now);
    if (!own) throw new Error('no message');
    expect(
      await messages.markRead(people['new-student'], own.pk, now.toISOString(), now),
    ).toBeUndefined();
    expect((await messages.forRecipient(people.student, now))[0]?.read).toBe(false);
  });

  it('seeding the same sample twice adds it once', async () => {
    const sample = {
      seed_key: 'test:once',
      audience: 'everyone' as const,
      title: 'Once',
      body: '',
      created_on: now,
    };
    expect(await messages.seed([sample])).toBe(1);
    expect(await messages.seed([sample])).toBe(0);
  });

  it("keeps each person's read emergency alerts apart", async () => {
    const reads = new AlertReadsRepository(database.db);
    await reads.markRead(people.student.id, 'aaaaaaaaaaaaaaaa', now.toISOString());
    await reads.markRead(people.student.id, 'aaaaaaaaaaaaaaaa', now.toISOString());
    expect(await reads.readOf(people.student.id, ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'])).toEqual(
      new Set(['aaaaaaaaaaaaaaaa']),
    );
    expect(await reads.readOf(people.faculty.id, ['aaaaaaaaaaaaaaaa'])).toEqual(new Set());
  });
});
