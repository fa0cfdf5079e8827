// The people bench:notify and bench:campus's processes round send to: students with one push device
// each at the push sink, ten people with ten more devices each at the tarpit when asked, written
// straight into the store in batches (on SQLite or PostgreSQL alike).
import { createECDH } from 'node:crypto';
import type { Database } from '../../server/db/database.js';
import { userRow } from '../../tests/fixtures/store-rows.js';

/** A clock at campus midday, so quiet hours (21:00–08:00) hold no push whenever the bench runs. */
export function middayShift(zone: string): number {
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
  return ((12 - hour + 24) % 24) * 3_600_000;
}

export async function insertPeople(
  database: Database,
  {
    people,
    pushPort,
    tarpit,
    now,
  }: { people: number; pushPort: number; tarpit?: { port: number; devices: number }; now: Date },
) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: Buffer.alloc(16, 7).toString('base64url'),
  };
  for (let i = 0; i < people; i += 500) {
    const ids = Array.from({ length: Math.min(500, people - i) }, (_, k) => i + k);
    const users = await database.db
      .insertInto('users')
      .values(
        ids.map((n) =>
          userRow(`student${n}`, now, {
            first_name: 'Student',
            last_name: String(n),
            email: `student${n}@campus.example.edu`,
            nine_number: `9${String(n).padStart(8, '0')}`,
          }),
        ),
      )
      .returning('id')
      .execute();
    const devices = users.map((u) => ({
      user_id: u.id,
      endpoint: `https://127.0.0.1:${pushPort}/push/${u.id}`,
      ...keys,
      created_at: now.toISOString(),
    }));
    // The tarpit's devices: spread over the first ten people.
    if (tarpit && i === 0) {
      for (let t = 0; t < tarpit.devices; t += 1) {
        devices.push({
          user_id: users[t % 10]!.id,
          endpoint: `https://127.0.0.1:${tarpit.port}/push/t${t}`,
          ...keys,
          created_at: now.toISOString(),
        });
      }
    }
    await database.db.insertInto('push_subscriptions').values(devices).execute();
  }
}

/** The staff message "also notify" both benchmarks send to everyone. */
export async function insertMessage(database: Database, at: Date) {
  const row = await database.db
    .insertInto('messages')
    .values({
      audience: 'everyone',
      username: null,
      role: null,
      title: 'Registration for spring opens Monday',
      body: 'Registration for spring opens Monday at 8 AM.\nSee your time ticket in the portal.',
      action_link: null,
      created_on: at.toISOString(),
      expires_on: null,
      seed_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
