import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APPOINTMENTS_MAX, appointmentsSchema } from '../../../../contract/appointments.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { TEST_CAPACITY_HEADER, withTestCapacity } from '../../helpers/capacity.js';
import { relativeSharedWith } from '../../helpers/delegate.js';

const NOW = new Date('2027-12-01T12:00:00.000Z');
const MINUTE = 60_000;

describe('GET /api/appointments', () => {
  let app: FastifyInstance;
  let token: string;
  let userId: number;
  beforeEach(async () => {
    app = await createTestApp({ clock: () => NOW, onRoute: withTestCapacity });
    ({ token } = await signIn(app, 'student'));
    const user = await app.repositories.users.findByUsername('avalencia');
    if (!user) throw new Error('the student was not stored');
    userId = user.id;
  });
  afterEach(async () => app.close());

  const read = (headers: Record<string, string> = {}) =>
    app.inject({
      url: '/api/appointments',
      headers: { authorization: `Token ${token}`, ...headers },
    });

  /** An appointment starting `minutes` from now, half an hour long. */
  async function book(publisherId: number, externalId: string, minutes: number, cancelled = false) {
    await app.repositories.appointments.save(
      publisherId,
      externalId,
      {
        userId,
        withName: 'Dr. Lee',
        withOffice: 'Academic Advising',
        startsAt: new Date(NOW.getTime() + minutes * MINUTE),
        endsAt: new Date(NOW.getTime() + (minutes + 30) * MINUTE),
        place: 'Student Services 210',
        onlineLink: null,
        cancelled,
      },
      NOW,
    );
  }

  const advising = () =>
    app.repositories.inboundPublishers.create(
      {
        name: 'advising',
        label: 'Academic Advising',
        scopes: ['appointments:write'],
        roles: ['student'],
        groups: [],
        maxRecipients: 10,
      },
      NOW,
    );

  it('answers only the signed-in person, by token', async () => {
    expect((await app.inject({ url: '/api/appointments' })).statusCode).toBe(401);
    const answer = await read();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(appointmentsSchema.parse(answer.json())).toEqual({ appointments: [] });
  });

  it('upcoming appointments: from now (one under way included), at most 50, soonest first, cancelled ones included and marked', async () => {
    const office = await advising();
    await book(office, 'over', -60);
    await book(office, 'under-way', -10);
    await book(office, 'cancelled', 24 * 60, true);
    for (let i = 0; i < APPOINTMENTS_MAX; i++) await book(office, `later-${i}`, (2 + i) * 24 * 60);
    const { appointments } = appointmentsSchema.parse((await read()).json());
    expect(appointments).toHaveLength(APPOINTMENTS_MAX);
    expect(appointments.slice(0, 3).map((a) => [a.starts_at, a.cancelled])).toEqual([
      ['2027-12-01T11:50:00.000Z', false],
      ['2027-12-02T12:00:00.000Z', true],
      ['2027-12-03T12:00:00.000Z', false],
    ]);
    const starts = appointments.map((a) => a.starts_at);
    expect(starts).toEqual([...starts].sort());
    expect(appointments[0]).toMatchObject({
      with: { name: 'Dr. Lee', office: 'Academic Advising' },
      place: 'Student Services 210',
      online_link: null,
      from: 'Academic Advising',
    });
  });

  it('support viewing the student reads them; a delegate, whatever the student shared, does not', async () => {
    await book(await advising(), 'soon', 60);
    const support = await read({ [TEST_CAPACITY_HEADER]: 'support' });
    expect(support.statusCode).toBe(200);
    expect(appointmentsSchema.parse(support.json()).appointments).toHaveLength(1);
    const { cookie } = await relativeSharedWith(app, 'finances,academics,next-steps,messages', NOW);
    const delegate = await app.inject({ url: '/api/appointments', headers: { cookie } });
    expect(delegate.statusCode).toBe(403);
    expect(delegate.body).not.toContain('Dr. Lee');
  });
});
