import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { up } from '../../../server/db/migrations/056-appointment-reminders.js';
import { AppointmentsRepository } from '../../../server/db/repositories/appointments.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from './stores.js';

const BOOKED = new Date('2026-11-20T17:00:00.000Z');
const LATER = new Date('2026-11-25T17:00:00.000Z');
const STARTS = new Date('2026-12-03T18:00:00.000Z');

/**
 * Migration 056 on a store as 1.7.0 left it: the notification type "Appointment reminders", chosen
 * for everyone who had chosen notifications, and each appointment's `timed_at`.
 */
describe.each(repositoryStores('apptrem'))('migration 056 on $name', ({ open }) => {
  let database: Database | undefined;
  afterEach(async () => database?.close());

  async function appointment(db: Database, name: string) {
    const user = await new UsersRepository(db.db).upsertFromPersona(findPersona('student'), BOOKED);
    const publisher = await db.db
      .insertInto('inbound_publishers')
      .values({
        name,
        label: 'Academic Advising',
        scopes: '["appointments:write"]',
        roles: '["student"]',
        groups: '[]',
        max_recipients: 1,
        created_at: BOOKED.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const values = {
      userId: user.id,
      withName: 'Dr. Lee',
      withOffice: null,
      startsAt: STARTS,
      endsAt: new Date(STARTS.getTime() + 1_800_000),
      place: 'Student Services 210',
      onlineLink: null,
      cancelled: false,
    };
    const id = await new AppointmentsRepository(db.db).save(publisher.id, 'n-1', values, BOOKED);
    return { user, publisherId: publisher.id, id, values };
  }

  const timedAt = async (db: Database, id: number) =>
    (
      await db.db
        .selectFrom('appointments')
        .select('timed_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).timed_at;

  it('a store in use gets "Appointment reminders", chosen for everyone who chose notifications, and each appointment’s timed_at (its last write)', async () => {
    database = await open();
    const db = database.db as unknown as Kysely<unknown>;
    const { user, id } = await appointment(database, 'advising-a');
    await sql`DROP INDEX appointments_starts`.execute(db);
    await sql`ALTER TABLE appointments DROP COLUMN timed_at`.execute(db);
    await sql`UPDATE appointments SET updated_at = ${LATER.toISOString()}`.execute(db);
    await sql`DELETE FROM ns_user_preferences`.execute(db);
    await sql`DELETE FROM ns_notification_types`.execute(db);
    await sql`INSERT INTO ns_notification_types (name) VALUES ('Deadline alerts')`.execute(db);
    const ids = (
      await sql<{ id: number }>`SELECT id FROM ns_notification_types`.execute(db)
    ).rows.map((r) => Number(r.id));
    await sql`INSERT INTO ns_user_preferences (user_id, notifications)
      VALUES (${user.id}, ${JSON.stringify(ids)})`.execute(db);
    await up(db, database.dialect);
    const types = await sql<{ name: string }>`
      SELECT name FROM ns_notification_types ORDER BY id`.execute(db);
    expect(types.rows.map((r) => r.name)).toEqual(['Deadline alerts', 'Appointment reminders']);
    const chosen = await sql<{ notifications: string }>`
      SELECT notifications FROM ns_user_preferences`.execute(db);
    expect(JSON.parse(chosen.rows[0]?.notifications ?? '[]')).toHaveLength(2);
    expect(await timedAt(database, id)).toBe(LATER.toISOString());
  });

  it('timed_at moves with the start only: the same time posted again keeps it, a new time takes the write’s', async () => {
    database = await open();
    const { publisherId, id, values } = await appointment(database, 'advising-b');
    const repo = new AppointmentsRepository(database.db);
    expect(await timedAt(database, id)).toBe(BOOKED.toISOString());
    await repo.save(publisherId, 'n-1', { ...values, place: 'Library 3' }, LATER);
    expect(await timedAt(database, id)).toBe(BOOKED.toISOString());
    const moved = new Date(STARTS.getTime() + 86_400_000);
    await repo.save(publisherId, 'n-1', { ...values, startsAt: moved }, LATER);
    expect(await timedAt(database, id)).toBe(LATER.toISOString());
  });
});
