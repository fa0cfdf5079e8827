import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/app.js';
import {
  appointmentFor,
  appointmentsOf,
  bearer,
  inboundApp,
  publisherWithKey,
} from './inbound-helpers.js';

const ITEMS = '/api/inbound/v1/items';
const NOW = new Date('2027-12-01T12:00:00.000Z');

describe('the inbound API: an appointment reaches its one student', () => {
  let app: FastifyInstance;
  let key: string;
  let publisherId: number;
  beforeEach(async () => {
    app = await inboundApp({ clock: () => NOW });
    ({ key, id: publisherId } = await publisherWithKey(app, {
      name: 'advising',
      label: 'Academic Advising',
      scopes: ['appointments:write'],
    }));
  });
  afterEach(async () => app.close());

  const post = (payload: unknown, headers: Record<string, string> = {}, as = key) =>
    app.inject({
      method: 'POST',
      url: ITEMS,
      headers: { ...bearer(as), ...headers },
      payload: payload as object,
    });

  it('an appointment posted for a student shows in their appointments, not another’s; the same external_id again updates it, never duplicates', async () => {
    const ana = await signIn(app, 'student');
    const jo = await signIn(app, 'new-student');
    const posted = await post(appointmentFor('avalencia'));
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      external_id: 'navigate-884213',
      kind: 'appointment',
      recipients: 1,
      replaced: false,
      cancelled: false,
      warnings: [],
    });
    expect(await appointmentsOf(app, ana.token)).toEqual([
      {
        id: posted.json<{ id: number }>().id,
        with: { name: 'Dr. Lee', office: 'Academic Advising' },
        starts_at: '2027-12-03T18:00:00.000Z',
        ends_at: '2027-12-03T18:30:00.000Z',
        place: 'Student Services 210',
        online_link: null,
        cancelled: false,
        from: 'Academic Advising',
      },
    ]);
    expect(await appointmentsOf(app, jo.token)).toEqual([]);

    const moved = await post(
      appointmentFor('avalencia', {
        starts_at: '2027-12-04T17:00:00Z',
        ends_at: '2027-12-04T17:30:00Z',
        place: undefined,
        online_link: 'https://meet.example.edu/lee',
      }),
    );
    expect(moved.json()).toMatchObject({ replaced: true, recipients: 1 });
    expect(await appointmentsOf(app, ana.token)).toMatchObject([
      {
        starts_at: '2027-12-04T17:00:00.000Z',
        place: null,
        online_link: 'https://meet.example.edu/lee',
      },
    ]);
  });

  it('an appointment moved to another student leaves the first one’s appointments and joins the other’s', async () => {
    const ana = await signIn(app, 'student');
    const jo = await signIn(app, 'new-student');
    await post(appointmentFor('avalencia'));
    const moved = await post(appointmentFor('jokafor'));
    expect(moved.json()).toMatchObject({ replaced: true, recipients: 1 });
    expect(await appointmentsOf(app, ana.token)).toEqual([]);
    expect(await appointmentsOf(app, jo.token)).toMatchObject([{ with: { name: 'Dr. Lee' } }]);
  });

  it('every appointment call is audited with its external_id, its audience and its answer, refused ones too', async () => {
    await signIn(app, 'student');
    await post(appointmentFor('avalencia'));
    await post(appointmentFor('avalencia', { online_link: 'http://meet.example.edu/lee' }));
    const [refused, stored] = await app.repositories.inboundPublishers.auditOf(publisherId);
    expect(stored).toMatchObject({
      method: 'POST /api/inbound/v1/items',
      source_id: 'navigate-884213',
      audience_size: 1,
      status: 201,
    });
    expect(refused).toMatchObject({ method: 'POST /api/inbound/v1/items', status: 400 });
  });

  it('a cancellation keeps the appointment, marked cancelled', async () => {
    const ana = await signIn(app, 'student');
    await post(appointmentFor('avalencia'));
    const cancelled = await post(appointmentFor('avalencia', { cancelled: true }));
    expect(cancelled.json()).toMatchObject({ replaced: true, cancelled: true });
    expect(await appointmentsOf(app, ana.token)).toMatchObject([
      { with: { name: 'Dr. Lee' }, cancelled: true },
    ]);
  });

  it.each([
    ['an http link', { online_link: 'http://meet.example.edu/lee' }, 'online_link'],
    ['a path for a link', { online_link: '/account' }, 'online_link'],
    [
      'a link past its bound',
      { online_link: `https://x.example.edu/${'a'.repeat(2000)}` },
      'online_link',
    ],
    ['an end before the start', { ends_at: '2027-12-03T17:00:00Z' }, 'ends_at'],
    ['an end a day and more after', { ends_at: '2027-12-05T18:00:00Z' }, 'ends_at'],
    ['a start that is no instant', { starts_at: 'tomorrow' }, 'starts_at'],
    ['neither place nor link', { place: undefined }, 'place'],
    ['a place past its bound', { place: 'x'.repeat(301) }, 'place'],
    ['a name past its bound', { with: { name: 'x'.repeat(201) } }, 'with.name'],
    [
      'an office past its bound',
      { with: { name: 'Dr. Lee', office: 'x'.repeat(201) } },
      'with.office',
    ],
    ['an id past its bound', { external_id: 'x'.repeat(129) }, 'external_id'],
    ['two people', { audience: { users: ['avalencia', 'jokafor'] } }, 'audience.users'],
    [
      'a role for a person',
      { audience: { users: ['avalencia'], roles: ['student'] } },
      'audience.roles',
    ],
    ['cancelled not a boolean', { cancelled: 'yes' }, 'cancelled'],
    ['a field of another kind', { title: 'Advising' }, 'body: Unrecognized key: "title"'],
  ])('an appointment with %s is a 400 naming the field', async (_, extra, field) => {
    const answer = await post(appointmentFor('avalencia', extra));
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ detail: string }>().detail.startsWith(`${field}`)).toBe(true);
  });

  it('an online link to a private address is refused, naming online_link', async () => {
    const answer = await post(
      appointmentFor('avalencia', { online_link: 'https://10.0.0.7/meet' }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ detail: string }>().detail).toMatch(/^online_link /);
  });

  it('a publisher without appointments:write, or one that may not reach the person, is refused 403; a username nobody has is a warning and stores nothing', async () => {
    const ana = await signIn(app, 'student');
    await signIn(app, 'advisor');
    const tasksOnly = await publisherWithKey(app, { name: 'finaid', scopes: ['tasks:write'] });
    const noScope = await post(appointmentFor('avalencia'), {}, tasksOnly.key);
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json<{ detail: string }>().detail).toContain('appointments:write');

    const outside = await post(appointmentFor('lnguyen'));
    expect(outside.statusCode).toBe(403);

    const unknown = await post(appointmentFor('nobody-here'));
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json()).toMatchObject({
      id: null,
      recipients: 0,
      warnings: [{ code: 'unknown_user', usernames: ['nobody-here'] }],
    });
    expect(await appointmentsOf(app, ana.token)).toEqual([]);
  });

  it('the same Idempotency-Key and body answer the first answer again; another body under it is a 422', async () => {
    const ana = await signIn(app, 'student');
    const headers = { 'idempotency-key': 'booking-1' };
    const first = await post(appointmentFor('avalencia'), headers);
    const again = await post(appointmentFor('avalencia'), headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await appointmentsOf(app, ana.token)).toHaveLength(1);

    const other = await post(appointmentFor('avalencia', { cancelled: true }), headers);
    expect(other.statusCode).toBe(422);
  });
});
