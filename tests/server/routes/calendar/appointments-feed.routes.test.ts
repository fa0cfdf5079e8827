import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarSubscriptionSchema } from '../../../../contract/calendar.schema.js';
import { signIn } from '../../helpers/app.js';
import { readCalendar } from '../../calendar/ical-read.js';
import {
  appointmentFor,
  bearer,
  inboundApp,
  publisherWithKey,
} from '../../inbound/inbound-helpers.js';

const now = new Date('2027-12-01T12:00:00.000Z');

describe('appointments posted through the inbound API appear in the personal calendar feed (issue 92)', () => {
  let app: FastifyInstance;
  let key: string;
  let feed: string;
  beforeAll(async () => {
    app = await inboundApp({ clock: () => now });
    ({ key } = await publisherWithKey(app, { name: 'advising', scopes: ['appointments:write'] }));
    const { token } = await signIn(app, 'student');
    const made = await app.inject({
      method: 'POST',
      url: '/api/calendar/subscription',
      headers: { authorization: `Token ${token}` },
    });
    const subscription = calendarSubscriptionSchema.parse(made.json());
    if (subscription.state !== 'ready') throw new Error('no calendar address');
    feed = subscription.path;
  });
  afterAll(async () => app.close());

  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/inbound/v1/items', headers: bearer(key), payload });
  const appointmentEvents = async () =>
    readCalendar((await app.inject({ url: feed })).body).events.filter((e) =>
      e.uid.startsWith('appointment-'),
    );

  it('an appointment is an event; its cancellation marks the same event STATUS:CANCELLED; one over more than 30 days ago is left out', async () => {
    expect((await post(appointmentFor('avalencia'))).statusCode).toBe(201);
    const online = appointmentFor('avalencia', {
      external_id: 'navigate-2',
      place: undefined,
      online_link: 'https://meet.example.edu/lee',
      starts_at: '2027-12-08T18:00:00Z',
      ends_at: '2027-12-08T18:30:00Z',
    });
    expect((await post(online)).statusCode).toBe(201);
    const old = appointmentFor('avalencia', {
      external_id: 'navigate-old',
      starts_at: '2027-10-01T18:00:00Z',
      ends_at: '2027-10-01T18:30:00Z',
    });
    expect((await post(old)).statusCode).toBe(201);

    const before = await appointmentEvents();
    expect(before.map((e) => [e.summary, e.location])).toEqual([
      ['Appointment with Dr. Lee', 'Student Services 210'],
      ['Appointment with Dr. Lee', 'https://meet.example.edu/lee'],
    ]);
    expect(before[1]?.component.getFirstPropertyValue('url')).toBe('https://meet.example.edu/lee');

    expect((await post(appointmentFor('avalencia', { cancelled: true }))).statusCode).toBe(201);
    const after = await appointmentEvents();
    expect(after.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
    expect(after.map((e) => e.component.getFirstPropertyValue('status'))).toEqual([
      'CANCELLED',
      null,
    ]);
  });
});
