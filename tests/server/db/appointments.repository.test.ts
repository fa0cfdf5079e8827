import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { repositoriesOn } from '../../../server/db/repositories.js';
import type { Repositories } from '../../../server/db/repositories.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('appointments');

describe.each(stores)('appointments on $name', ({ open }) => {
  let database: Database;
  let repos: Repositories;
  const now = new Date('2027-12-01T12:00:00.000Z');
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    database = await open();
    repos = repositoriesOn(database.db, database.dialect);
  });
  afterAll(async () => database.close());

  const publisher = (name: string, label: string) =>
    repos.inboundPublishers.create(
      {
        name,
        label,
        scopes: ['appointments:write'],
        roles: ['student'],
        groups: [],
        maxRecipients: 10,
      },
      now,
    );

  it('the same booking-system id again updates the appointment, never duplicates it; another publisher’s same id is its own', async () => {
    const ana = await repos.users.upsertFromPersona(findPersona('student'), now);
    const advising = await publisher('advising', 'Academic Advising');
    const tutoring = await publisher('tutoring', 'Tutoring Center');
    const values = {
      userId: ana.id,
      withName: 'Dr. Lee',
      withOffice: 'Academic Advising',
      startsAt: at('2027-12-03T18:00:00Z'),
      endsAt: at('2027-12-03T18:30:00Z'),
      place: 'Student Services 210',
      onlineLink: null,
      cancelled: false,
      idempotencyKey: 'k1',
    };
    const id = await repos.appointments.save(advising, 'nav-1', values, now);
    const later = new Date(now.getTime() + 60_000);
    const again = await repos.appointments.save(
      advising,
      'nav-1',
      { ...values, place: null, onlineLink: 'https://meet.example.edu/lee', cancelled: true },
      later,
    );
    expect(again).toBe(id);
    const other = await repos.appointments.save(tutoring, 'nav-1', values, now);
    expect(other).not.toBe(id);

    expect(await repos.appointments.find(advising, 'nav-1')).toEqual({
      id,
      publisherId: advising,
      externalId: 'nav-1',
      userId: ana.id,
      withName: 'Dr. Lee',
      withOffice: 'Academic Advising',
      startsAt: at('2027-12-03T18:00:00Z'),
      endsAt: at('2027-12-03T18:30:00Z'),
      place: null,
      onlineLink: 'https://meet.example.edu/lee',
      cancelled: true,
      from: 'Academic Advising',
      idempotencyKey: 'k1',
      createdAt: now.toISOString(),
      updatedAt: later.toISOString(),
    });
    expect(await repos.appointments.find(advising, 'nav-2')).toBeUndefined();
  });

  it('a person’s appointments not over yet come soonest first, cancelled included, at most the limit, and only theirs', async () => {
    const mia = await repos.users.upsertFromPersona(findPersona('new-student'), now);
    const sam = await repos.users.upsertFromPersona(findPersona('student-worker'), now);
    const office = await publisher('career', 'Career Center');
    const save = (externalId: string, userId: number, startsAt: string, cancelled = false) =>
      repos.appointments.save(
        office,
        externalId,
        {
          userId,
          withName: 'Ms. Park',
          withOffice: null,
          startsAt: at(startsAt),
          endsAt: new Date(at(startsAt).getTime() + 30 * 60_000),
          place: 'Career Center',
          onlineLink: null,
          cancelled,
        },
        now,
      );
    await save('past', mia.id, '2027-11-30T18:00:00Z');
    await save('under-way', mia.id, '2027-12-01T11:45:00Z');
    await save('later', mia.id, '2027-12-09T18:00:00Z');
    await save('sooner', mia.id, '2027-12-02T18:00:00Z', true);
    await save('someone-else', sam.id, '2027-12-02T17:00:00Z');

    const upcoming = await repos.appointments.endingAfter(mia.id, now, 50);
    expect(upcoming.map((a) => [a.externalId, a.cancelled])).toEqual([
      ['under-way', false],
      ['sooner', true],
      ['later', false],
    ]);
    expect((await repos.appointments.endingAfter(mia.id, now, 2)).map((a) => a.externalId)).toEqual(
      ['under-way', 'sooner'],
    );
  });
});
