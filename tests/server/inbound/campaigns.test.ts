import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserTask } from '../../../contract/next-steps/task.schema.js';
import { as } from '../routes/next-steps/helpers.js';
import {
  appointmentFor,
  bearer,
  inboundApp,
  publisherWithKey,
  taskFor,
} from './inbound-helpers.js';

const ITEMS = '/api/inbound/v1/items';
const NOW = new Date('2027-12-01T12:00:00.000Z');
const TITLE = 'Meet your advisor before registration';

/** An advising campaign for these people: an appointment with the Advising Center completes it. */
const campaignFor = (users: string[], extra: Record<string, unknown> = {}) =>
  taskFor(users, {
    source_id: 'advising-spring-2028',
    title: TITLE,
    completed_by: { appointment_with_office: 'Advising Center' },
    ...extra,
  });

describe('the inbound API: an advising campaign is a Next Steps task an appointment with its office completes', () => {
  let app: FastifyInstance;
  let advising: string;
  let booking: string;
  beforeEach(async () => {
    app = await inboundApp({ clock: () => NOW });
    ({ key: advising } = await publisherWithKey(app, {
      name: 'advising',
      label: 'Advising Center',
      scopes: ['tasks:write'],
    }));
    ({ key: booking } = await publisherWithKey(app, {
      name: 'navigate',
      label: 'Navigate',
      scopes: ['appointments:write'],
    }));
  });
  afterEach(async () => app.close());

  const post = (key: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: ITEMS,
      headers: { ...bearer(key), ...headers },
      payload: payload as object,
    });

  const campaignTask = async (student: { tasks: () => Promise<UserTask[]> }) =>
    (await student.tasks()).find((t) => t.task.title === TITLE);

  const completedCount = async () => {
    const status = await app.inject({
      url: `${ITEMS}/advising-spring-2028`,
      headers: bearer(advising),
    });
    return status.json<{ completed: number }>().completed;
  };

  it('a campaign posted shows as an open task in each of its students’ Next Steps, and only theirs', async () => {
    const ana = await as(app, 'student');
    const jo = await as(app, 'new-student');
    const posted = await post(advising, campaignFor(['avalencia']));
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ kind: 'task', recipients: 1, replaced: false });
    expect(await campaignTask(ana)).toMatchObject({ completed_on: null });
    expect(await campaignTask(jo)).toBeUndefined();
  });

  it('an appointment with another office leaves the campaign open; one with its office (case and spaces aside) completes it: “Completed: appointment booked with …”, which the student cannot undo', async () => {
    const ana = await as(app, 'student');
    await post(advising, campaignFor(['avalencia']));
    const other = await post(
      booking,
      appointmentFor('avalencia', { with: { name: 'Dr. Lee', office: 'Financial Aid' } }),
    );
    expect(other.statusCode).toBe(201);
    expect(await campaignTask(ana)).toMatchObject({ completed_on: null });
    const noOffice = await post(
      booking,
      appointmentFor('avalencia', { external_id: 'navigate-2', with: { name: 'Dr. Lee' } }),
    );
    expect(noOffice.statusCode).toBe(201);
    expect(await campaignTask(ana)).toMatchObject({ completed_on: null });

    const booked = await post(
      booking,
      appointmentFor('avalencia', {
        external_id: 'navigate-3',
        with: { name: 'Dr. Lee', office: '  advising   CENTER ' },
      }),
    );
    expect(booked.statusCode).toBe(201);
    const done = await campaignTask(ana);
    expect(done?.completed_on).toBe(NOW.toISOString());
    expect(done?.completed_in).toBe('Navigate');
    expect(done?.completed_because).toEqual({
      kind: 'appointment-booked',
      office: 'advising   CENTER',
    });
    expect(await completedCount()).toBe(1);
    const undo = await ana.patch(`user_task/${done?.id}/`, { completed_on: null });
    expect(undo.json<UserTask>().completed_on).not.toBeNull();
  });

  it('an appointment with the office already booked (upcoming, not cancelled) completes the campaign as it arrives; a past or cancelled one, or one with another office, does not', async () => {
    const ana = await as(app, 'student');
    const jo = await as(app, 'new-student');
    const office = { name: 'Dr. Lee', office: 'Advising Center' };
    await post(booking, appointmentFor('avalencia', { with: office }));
    await post(
      booking,
      appointmentFor('jokafor', { external_id: 'navigate-jo', with: office, cancelled: true }),
    );
    await post(
      booking,
      appointmentFor('jokafor', {
        external_id: 'navigate-jo-past',
        with: office,
        starts_at: '2027-11-20T18:00:00Z',
        ends_at: '2027-11-20T18:30:00Z',
      }),
    );
    await post(
      booking,
      appointmentFor('jokafor', {
        external_id: 'navigate-jo-finaid',
        with: { name: 'Dr. Lee', office: 'Financial Aid' },
      }),
    );
    const posted = await post(advising, campaignFor(['avalencia', 'jokafor']));
    expect(posted.json()).toMatchObject({ recipients: 2 });
    expect(await campaignTask(ana)).toMatchObject({
      completed_on: NOW.toISOString(),
      completed_because: { kind: 'appointment-booked', office: 'Advising Center' },
    });
    expect(await campaignTask(jo)).toMatchObject({ completed_on: null });
    expect(await completedCount()).toBe(1);
  });

  it('a cancelled appointment with the office does not complete the campaign; the cancellation of the one that did does not open it again', async () => {
    const ana = await as(app, 'student');
    await post(advising, campaignFor(['avalencia']));
    const office = { name: 'Dr. Lee', office: 'Advising Center' };
    await post(booking, appointmentFor('avalencia', { with: office, cancelled: true }));
    expect(await campaignTask(ana)).toMatchObject({ completed_on: null });

    await post(booking, appointmentFor('avalencia', { with: office }));
    expect(await campaignTask(ana)).toMatchObject({ completed_on: NOW.toISOString() });
    await post(booking, appointmentFor('avalencia', { with: office, cancelled: true }));
    expect(await campaignTask(ana)).toMatchObject({ completed_on: NOW.toISOString() });
  });

  it('a student who marked the campaign done keeps their own completion when the appointment arrives; the publisher counts it completed', async () => {
    const ana = await as(app, 'student');
    await post(advising, campaignFor(['avalencia']));
    const mine = await campaignTask(ana);
    const own = '2027-11-30T09:00:00.000Z';
    const marked = await ana.patch(`user_task/${mine?.id}/`, { completed_on: own });
    expect(marked.statusCode).toBe(200);
    await post(
      booking,
      appointmentFor('avalencia', { with: { name: 'Dr. Lee', office: 'Advising Center' } }),
    );
    const kept = await campaignTask(ana);
    expect(kept?.completed_on).toBe(own);
    expect(kept).not.toHaveProperty('completed_in');
    expect(await completedCount()).toBe(1);
  });

  it('a retracted campaign, or a plain task, is not completed by an appointment', async () => {
    const ana = await as(app, 'student');
    await post(advising, taskFor(['avalencia'], { title: 'Plain task' }));
    await post(advising, campaignFor(['avalencia']));
    await app.inject({
      method: 'DELETE',
      url: `${ITEMS}/advising-spring-2028`,
      headers: bearer(advising),
    });
    await post(
      booking,
      appointmentFor('avalencia', { with: { name: 'Dr. Lee', office: 'Advising Center' } }),
    );
    const tasks = await ana.tasks();
    expect(tasks.find((t) => t.task.title === 'Plain task')).toMatchObject({ completed_on: null });
    expect(tasks.find((t) => t.task.title === TITLE)).toBeUndefined();
  });

  it('the same Idempotency-Key and body answer the first answer again, and the campaign stays one task', async () => {
    const ana = await as(app, 'student');
    const headers = { 'idempotency-key': 'campaign-1' };
    const first = await post(advising, campaignFor(['avalencia']), headers);
    const again = await post(advising, campaignFor(['avalencia']), headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await ana.tasks()).filter((t) => t.task.title === TITLE)).toHaveLength(1);
    const other = await post(
      advising,
      campaignFor(['avalencia'], { completed_by: { appointment_with_office: 'Registrar' } }),
      headers,
    );
    expect(other.statusCode).toBe(422);
  });

  it('a campaign needs tasks:write, as a task does', async () => {
    await as(app, 'student');
    const refused = await post(booking, campaignFor(['avalencia']));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toContain('tasks:write');
  });

  it.each([
    [
      'an office of another shape',
      { completed_by: { office: 'Advising Center' } },
      'completed_by.appointment_with_office: Invalid input',
    ],
    [
      'an office past its bound',
      { completed_by: { appointment_with_office: 'x'.repeat(201) } },
      'completed_by.appointment_with_office: Too big',
    ],
    [
      'an empty office',
      { completed_by: { appointment_with_office: '   ' } },
      'completed_by.appointment_with_office: Too small',
    ],
    [
      'an office as text',
      { completed_by: 'Advising Center' },
      'completed_by: Invalid input: expected object',
    ],
    [
      'completed_by on a message',
      { kind: 'message', due_on: undefined },
      'completed_by: completed_by is for tasks',
    ],
  ])('a campaign with %s is a 400 naming the field', async (_, extra, detail) => {
    const answer = await post(advising, campaignFor(['avalencia'], extra));
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ detail: string }>().detail.startsWith(detail)).toBe(true);
  });
});
