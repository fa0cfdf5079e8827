import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { ReachRepository } from '../../../server/db/repositories/reach.repository.js';
import { repositoryStores } from './stores.js';
import { seedReach } from './reach-seed.js';

const stores = repositoryStores('delivery');
const now = new Date('2026-11-23T18:00:00.000Z');
const T0 = new Date('2026-11-22T10:00:00.000Z');
const T1 = new Date('2026-11-22T12:00:00.000Z');
const plus = (base: Date, seconds: number) =>
  new Date(base.getTime() + seconds * 1000).toISOString();

describe.each(stores)('delivery speed counted by $name', ({ open }) => {
  let database: Database;
  let reach: ReachRepository;
  let message: number;

  beforeAll(async () => {
    database = await open();
    const seeded = await seedReach(database.db, now);
    reach = new ReachRepository(database.db);
    message = seeded.messages.everyone;
    const { s1 } = seeded.users;
    let key = 0;
    const job = (o: {
      key?: string;
      channel: string;
      state: string;
      created: string;
      finished?: string;
      error?: string;
      payload?: string;
      messageId?: number | null;
    }) => ({
      idempotency_key: o.key ?? `delivery-test:${(key += 1)}`,
      channel: o.channel,
      topic: 'messages',
      user_id: s1,
      payload: o.payload ?? '{}',
      run_at: o.created,
      state: o.state,
      created_at: o.created,
      finished_at: o.finished ?? null,
      last_error: o.error ?? null,
      message_id: o.messageId === undefined ? message : o.messageId,
    });
    const created = T0.toISOString();
    await database.db
      .insertInto('notify_jobs')
      .values([
        // Email: 20 jobs, 18 sent one a second, one given up, one dropped.
        ...Array.from({ length: 18 }, (_, i) =>
          job({ channel: 'email', state: 'sent', created, finished: plus(T0, 18 - i) }),
        ),
        job({ channel: 'email', state: 'failed', created, error: 'SMTP 451: try again later' }),
        job({ channel: 'email', state: 'dropped', created, error: 'SMTP 550: no such mailbox' }),
        // Push: 4 jobs, all sent, one a minute.
        ...[1, 2, 3, 4].map((m) =>
          job({ channel: 'push', state: 'sent', created, finished: plus(T0, 60 * m) }),
        ),
        // An alert on three devices (the first enqueued at T1), one device gone.
        ...[
          ['1', 'sent', 5, undefined],
          ['22', 'sent', 6, undefined],
          ['333', 'dropped', 7, 'push 410: the subscription is gone'],
        ].map(([device, state, seconds, error]) =>
          job({
            key: `alert:A-7:push:${String(device)}`,
            channel: 'push',
            state: String(state),
            created: plus(T1, device === '1' ? 0 : 1),
            ...(state === 'sent' ? { finished: plus(T1, Number(seconds)) } : {}),
            ...(error ? { error: String(error) } : {}),
            payload: JSON.stringify({ kind: 'alert', alertId: 'A-7', title: 'Shelter in place' }),
            messageId: null,
          }),
        ),
        // An alert id with colons of its own: still one alert.
        ...['4', '5'].map((device) =>
          job({
            key: `alert:urn:alert:9:push:${device}`,
            channel: 'push',
            state: 'pending',
            created: T1.toISOString(),
            messageId: null,
          }),
        ),
        // Not about a message or an alert, and a message job before the window: not counted.
        job({ channel: 'email', state: 'sent', created, finished: created, messageId: null }),
        job({
          channel: 'sms',
          state: 'sent',
          created: '2026-01-01T00:00:00.000Z',
          finished: '2026-01-01T00:00:01.000Z',
        }),
      ])
      .execute();
  });
  afterAll(async () => database.close());

  const since = '2026-11-01T00:00:00.000Z';

  it('the staff reach view fills the 95 % and 100 % by figures: when 50 %, 95 % and 100 % of each channel’s reachable jobs were sent (a refused address, a dropped or failed job left out), null while not reached', async () => {
    const rows = await reach.deliveryTimings(since);
    const of = (key: string, channel: string) =>
      rows.find((r) => r.key === key && r.channel === channel);
    expect(of(`message:${message}`, 'email')).toMatchObject({
      jobs: 20,
      sent: 18,
      firstCreatedAt: T0.toISOString(),
      payload: null,
      // 18 can reach their recipient (one failed, one address refused): the 9th, 18th and 18th.
      p50At: plus(T0, 9),
      p95At: plus(T0, 18),
      p100At: plus(T0, 18),
    });
    expect(of(`message:${message}`, 'push')).toMatchObject({
      jobs: 4,
      sent: 4,
      p50At: plus(T0, 120),
      p95At: plus(T0, 240),
      p100At: plus(T0, 240),
    });
    const alert = of('alert:A-7:push:', 'push');
    expect(alert).toMatchObject({
      jobs: 3,
      sent: 2,
      firstCreatedAt: T1.toISOString(),
      // The device gone is left out: 2 reachable.
      p50At: plus(T1, 5),
      p95At: plus(T1, 6),
      p100At: plus(T1, 6),
    });
    expect(JSON.parse(alert?.payload ?? '{}')).toMatchObject({ title: 'Shelter in place' });
    expect(of('alert:urn:alert:9:push:', 'push')).toMatchObject({ jobs: 2, sent: 0, p50At: null });
    expect(rows.filter((r) => r.channel === 'sms')).toEqual([]);
    expect(rows).toHaveLength(4);
  });

  it('counts what failed or was dropped, by channel, state and reason', async () => {
    const rows = await reach.deliveryFailures(since);
    expect(
      rows.map((r) => `${r.key} ${r.channel} ${r.state} ${r.reason} ${r.count}`).sort(),
    ).toEqual([
      'alert:A-7:push: push dropped push 410: the subscription is gone 1',
      `message:${message} email dropped SMTP 550: no such mailbox 1`,
      `message:${message} email failed SMTP 451: try again later 1`,
    ]);
  });

  it('counts nothing for a window after every job', async () => {
    expect(await reach.deliveryTimings('2026-12-01T00:00:00.000Z')).toEqual([]);
    expect(await reach.deliveryFailures('2026-12-01T00:00:00.000Z')).toEqual([]);
  });
});
