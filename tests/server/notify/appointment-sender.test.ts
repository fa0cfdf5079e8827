import { afterEach, describe, expect, it } from 'vitest';
import { unsubscribeAnswerSchema } from '../../../contract/notify.schema.js';
import { appointmentPayloadSchema } from '../../../server/notify/appointment-key.js';
import { appointmentPush } from '../../../server/notify/appointment-sender.js';
import { at, hours, unsubscribeLink } from './fixture.js';
import { EVENING, HOUR_BEFORE, STARTS, appointmentApp } from './appointment-fixture.js';

/** Tue Dec 1, 2026, noon PST: the booking system posts the appointment. */
const BOOKED = new Date('2026-12-01T20:00:00.000Z');
const LA = 'America/Los_Angeles';

describe('appointment reminders: what they say and by which channel (issue 92)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function open(start = BOOKED) {
    const f = await appointmentApp(start);
    close = () => f.app.close();
    return f;
  }

  it('the email says with whom (and the office), when on the campus clock in the portal’s date form, where, and the link to join online', async () => {
    const f = await open();
    await f.post(STARTS);
    await f.runAt(EVENING);
    const [email] = await f.sent();
    expect(email?.recipient).toBe(f.student.email);
    expect(email?.subject).toBe('Appointment tomorrow with Dr. Lee');
    expect(email?.text).toContain(
      'You have an appointment with Dr. Lee (Academic Advising) tomorrow: Thu, Dec 3, 2026, 10:00 AM PST.',
    );
    expect(email?.text).toContain('Where: Student Services 210');
    expect(email?.text).toContain('Join online: https://meet.example.edu/lee');
    expect(email?.html).toContain('<strong>Dr. Lee</strong>');
    expect(email?.html).toContain('<a href="https://meet.example.edu/lee"');
    expect(email?.html).toContain('<html lang="en">');
    expect(email?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('to a student who chose Español the reminder is Spanish: subject, body, where, the join link and Content-Language', async () => {
    const f = await open();
    await f.prefer({ language: 'es' });
    await f.post(STARTS, { place: undefined });
    await f.runAt(EVENING);
    await f.runAt(HOUR_BEFORE);
    const [evening, hour] = await f.sent();
    expect(evening?.subject).toBe('Cita mañana con Dr. Lee');
    expect(hour?.subject).toBe('Cita en una hora con Dr. Lee');
    expect(evening?.text).toMatch(/Tiene una cita con Dr\. Lee \(Academic Advising\) mañana: jue/);
    expect(evening?.text).toContain('Unirse en línea: https://meet.example.edu/lee');
    expect(evening?.text).not.toContain('Lugar:');
    expect(evening?.html).toContain('<html lang="es">');
    expect(evening?.html).not.toMatch(/You have an appointment|Join online/);
    expect(evening?.headers['Content-Language']).toBe('es');
  });

  it('by text to a student who allows texts: one segment with whom, when and the place (else the online link)', async () => {
    const f = await open();
    await f.prefer({ contact_by_text: true, sms_number: '503-555-0142' });
    await f.post(STARTS);
    await f.post(at(STARTS, hours(3)), { external_id: 'navigate-2', place: undefined });
    await f.runAt(EVENING);
    const texts = (await f.sent('sms')).map((m) => m.text);
    expect(texts).toEqual([
      'Campus Portal: appointment with Dr. Lee tomorrow, Thu, Dec 3, 2026, 10:00 AM PST. Student Services 210',
      'Campus Portal: appointment with Dr. Lee tomorrow, Thu, Dec 3, 2026, 1:00 PM PST. https://meet.example.edu/lee',
    ]);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(160);
  });

  it('quiet hours hold the evening-before text as any reminder; the hour-before text is time-critical and is never held', async () => {
    // Thu Dec 3, 7:30 AM PST: its hour before, 6:30, is inside the default quiet hours (21:00–08:00).
    const early = new Date('2026-12-03T15:30:00.000Z');
    const f = await open();
    await f.prefer({
      contact_by_text: true,
      sms_number: '503-555-0142',
      quiet_hours_start: '17:00',
      quiet_hours_end: '08:00',
    });
    await f.post(early);
    await f.runAt(EVENING);
    const evening = (await f.jobs()).filter((j) => j.channel === 'sms');
    // 18:00 is inside 17:00–08:00: the text waits for 08:00; the email is sent at once.
    expect(evening.map((j) => [j.state, j.run_at])).toEqual([
      ['pending', '2026-12-03T16:00:00.000Z'],
      ['pending', '2026-12-03T14:30:00.000Z'],
    ]);
    expect(await f.sent('email')).toHaveLength(1);
    await f.runAt(new Date('2026-12-03T14:30:00.000Z'));
    expect((await f.sent('sms')).map((m) => m.text)).toEqual([
      'Campus Portal: appointment with Dr. Lee in an hour, Thu, Dec 3, 2026, 7:30 AM PST. Student Services 210',
    ]);
    // At 08:00 the appointment has begun: the held evening text is no longer worth sending.
    await f.runAt(new Date('2026-12-03T16:00:00.000Z'));
    expect(await f.sent('sms')).toHaveLength(1);
    expect((await f.jobs()).filter((j) => j.channel === 'sms').map((j) => j.last_error)).toEqual([
      'the hour-before reminder is due',
      null,
    ]);
  });

  it('the push notification says with whom, when and where, opens the dashboard, and one tag per appointment and start', async () => {
    const f = await open();
    await f.post(STARTS);
    await f.app.notify.plan();
    const [evening, hour] = await f.jobs();
    f.setNow(EVENING);
    const message = await appointmentPush(f.app.repositories, evening!, EVENING, LA);
    expect(message).toEqual({
      title: 'Appointment tomorrow: Dr. Lee',
      body: 'Thu, Dec 3, 2026, 10:00 AM PST, Student Services 210',
      url: '/',
      tag: `appointment:${f.student.id}:${appointmentPayloadSchema.parse(JSON.parse(evening!.payload)).appointmentId}:${STARTS.toISOString()}:email`,
    });
    const later = await appointmentPush(f.app.repositories, hour!, HOUR_BEFORE, LA);
    expect('tag' in later && later.tag).toBe('tag' in message && message.tag);
    expect(await appointmentPush(f.app.repositories, hour!, STARTS, LA)).toEqual({
      state: 'dropped',
      reason: 'appointment begun',
    });
  });

  it('the email’s one-click unsubscribe stops "Appointment reminders": the hour-before reminder is then dropped', async () => {
    const f = await open();
    await f.post(STARTS);
    await f.runAt(EVENING);
    const [email] = await f.sent();
    expect(email?.text).toContain('Stop appointment reminders');
    const link = /^<([^>]+)>$/.exec(email?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const unsubscribe = unsubscribeLink(f.app, link);
    expect((await unsubscribe.open()).body).toContain('Stop appointment reminders?');
    const answer = await unsubscribe.press();
    expect(unsubscribeAnswerSchema.parse(answer.json())).toEqual({
      topic: 'appointments',
      unsubscribed: true,
    });
    await f.runAt(HOUR_BEFORE);
    expect(await f.sent()).toHaveLength(1);
    expect((await f.jobs()).map((j) => j.last_error)).toEqual([null, 'topic not chosen']);
  });
});
