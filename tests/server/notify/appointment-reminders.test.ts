import { afterEach, describe, expect, it } from 'vitest';
import { appointmentPayloadSchema } from '../../../server/notify/appointment-key.js';
import { at, hours } from './fixture.js';
import { EVENING, HOUR_BEFORE, STARTS, appointmentApp } from './appointment-fixture.js';

/** Tue Dec 1, 2026, noon PST: the booking system posts the appointment. */
const BOOKED = new Date('2026-12-01T20:00:00.000Z');

describe('appointment reminders: when they go (issue 92)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function open(start: Date) {
    const f = await appointmentApp(start);
    close = () => f.app.close();
    return f;
  }

  const plan = (jobs: Awaited<ReturnType<Awaited<ReturnType<typeof open>>['jobs']>>) =>
    jobs.map((j) => ({
      channel: j.channel,
      lead: appointmentPayloadSchema.parse(JSON.parse(j.payload)).lead,
      runAt: j.run_at,
      state: j.state,
    }));

  it('two reminders, the evening before at the campus evening hour (18:00) and an hour before, each sent once by email', async () => {
    const f = await open(BOOKED);
    await f.post(STARTS);
    await f.app.notify.plan();
    expect(plan(await f.jobs())).toEqual([
      { channel: 'email', lead: 'evening', runAt: EVENING.toISOString(), state: 'pending' },
      { channel: 'email', lead: 'hour', runAt: HOUR_BEFORE.toISOString(), state: 'pending' },
    ]);
    expect((await f.jobs())[0]).toMatchObject({ topic: 'appointments', kind: 'appointment' });
    // Nothing before its time; each once, however many rounds run.
    await f.runAt(at(EVENING, -hours(1)));
    expect(await f.sent()).toEqual([]);
    await f.runAt(EVENING);
    await f.runAt(at(EVENING, hours(1)));
    expect((await f.sent()).map((m) => m.subject)).toEqual(['Appointment tomorrow with Dr. Lee']);
    await f.runAt(HOUR_BEFORE);
    await f.runAt(at(HOUR_BEFORE, 600_000));
    expect((await f.sent()).map((m) => m.subject)).toEqual([
      'Appointment tomorrow with Dr. Lee',
      'Appointment in an hour with Dr. Lee',
    ]);
    expect((await f.jobs()).map((j) => j.state)).toEqual(['sent', 'sent']);
  });

  it('a cancelled appointment gets no reminder; a cancellation after they were planned stops them', async () => {
    const f = await open(BOOKED);
    await f.post(STARTS);
    await f.app.notify.plan();
    expect(await f.jobs()).toHaveLength(2);
    await f.post(STARTS, { cancelled: true });
    await f.runAt(EVENING);
    await f.runAt(HOUR_BEFORE);
    expect(await f.sent()).toEqual([]);
    expect((await f.jobs()).map((j) => [j.state, j.last_error])).toEqual([
      ['dropped', 'appointment cancelled'],
      ['dropped', 'appointment cancelled'],
    ]);
    // Posted cancelled from the start: nothing is planned at all.
    await f.post(at(STARTS, hours(2)), { external_id: 'navigate-2', cancelled: true });
    await f.app.notify.plan();
    expect(await f.jobs()).toHaveLength(2);
  });

  it('a moved appointment (same external_id, new starts_at) is reminded at its new time, once; the old reminders are dropped', async () => {
    const f = await open(BOOKED);
    await f.post(STARTS);
    await f.app.notify.plan();
    // Moved to Fri Dec 4, 10:00 AM PST.
    const moved = at(STARTS, hours(24));
    await f.runAt(at(BOOKED, hours(1)));
    await f.post(moved);
    for (const to of [EVENING, HOUR_BEFORE, at(EVENING, hours(24)), at(HOUR_BEFORE, hours(24))])
      await f.runAt(to);
    expect(plan(await f.jobs()).map((j) => [j.lead, j.runAt])).toEqual([
      ['evening', EVENING.toISOString()],
      ['hour', HOUR_BEFORE.toISOString()],
      ['evening', at(EVENING, hours(24)).toISOString()],
      ['hour', at(HOUR_BEFORE, hours(24)).toISOString()],
    ]);
    const sent = await f.sent();
    expect(sent.map((m) => m.subject)).toEqual([
      'Appointment tomorrow with Dr. Lee',
      'Appointment in an hour with Dr. Lee',
    ]);
    for (const m of sent) expect(m.text).toContain('Fri, Dec 4, 2026, 10:00 AM PST');
    expect((await f.jobs()).map((j) => j.last_error ?? j.state)).toEqual([
      'appointment moved',
      'appointment moved',
      'sent',
      'sent',
    ]);
    // Posting the same time again (a booking system's resync) plans nothing more.
    await f.post(moved);
    await f.runAt(at(HOUR_BEFORE, hours(24) + 60_000));
    expect(await f.jobs()).toHaveLength(4);
  });

  it('booked after the evening before: no evening reminder, only the hour-before one', async () => {
    // Wed Dec 2, 8:00 PM PST: after 18:00 the evening before.
    const f = await open(at(EVENING, hours(2)));
    await f.post(STARTS);
    await f.app.notify.plan();
    expect(plan(await f.jobs()).map((j) => j.lead)).toEqual(['hour']);
  });

  it('booked less than an hour ahead: no hour-before reminder sent late (and no evening one)', async () => {
    // Thu Dec 3, 9:30 AM PST, for 10:00.
    const f = await open(at(STARTS, -hours(0.5)));
    await f.post(STARTS);
    await f.app.notify.plan();
    await f.app.notify.tick();
    expect(await f.jobs()).toEqual([]);
    expect(await f.sent()).toEqual([]);
  });

  it('a reminder whose moment a planner round missed (booked before it) still goes at once while it is worth sending', async () => {
    const f = await open(BOOKED);
    await f.post(STARTS);
    // The first round only after the evening hour (the server was down): the evening one at once.
    await f.runAt(at(EVENING, hours(1)));
    expect(plan(await f.jobs())).toEqual([
      {
        channel: 'email',
        lead: 'evening',
        runAt: at(EVENING, hours(1)).toISOString(),
        state: 'sent',
      },
      { channel: 'email', lead: 'hour', runAt: HOUR_BEFORE.toISOString(), state: 'pending' },
    ]);
  });

  it('the topic "Appointment reminders" is chosen by default; turned off in the preferences, no reminder is planned, and one planned already is dropped', async () => {
    const f = await open(BOOKED);
    await f.post(STARTS);
    await f.app.notify.plan();
    expect(await f.jobs()).toHaveLength(2);
    await f.stopTopic();
    await f.runAt(EVENING);
    expect((await f.jobs()).map((j) => j.last_error)).toEqual(['topic not chosen', null]);
    await f.post(at(STARTS, hours(3)), { external_id: 'navigate-2' });
    await f.runAt(HOUR_BEFORE);
    expect(await f.sent()).toEqual([]);
    expect(await f.jobs()).toHaveLength(2);
  });
});
