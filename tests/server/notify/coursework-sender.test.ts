import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeAnswerSchema } from '../../../contract/notify.schema.js';
import { courseworkPush } from '../../../server/notify/coursework-sender.js';
import { at, days, unsubscribeLink } from './fixture.js';
import { courseworkApp } from './coursework-fixture.js';
import { decoded, headersOf, smtpSink } from './smtp-sink.js';

// Wed Nov 4, 2026, 4:00 PM PST: the essay's due time.
const DUE = new Date('2026-11-05T00:00:00.000Z');

describe('coursework due-date reminders: what is sent (issue 45)', () => {
  let sink: Awaited<ReturnType<typeof smtpSink>>;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    sink = await smtpSink();
  });
  afterAll(async () => sink.close());
  afterEach(async () => {
    await close?.();
    sink.received.length = 0;
  });

  async function open(start: Date, smtp = true) {
    const f = await courseworkApp(start, {
      env: {
        ...(smtp ? { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } : {}),
        MAIL_FROM: 'Campus Portal <reminders@portal.example.edu>',
        PUBLIC_ORIGIN: 'https://portal.example.edu',
        SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      },
    });
    close = () => f.app.close();
    await f.choose();
    return f;
  }

  const mine = () => sink.received.filter((m) => m.raw.includes('Essay 2'));

  it('the email names the course, the title, the due time on the campus clock and the link back to the LMS, over SMTP to the student', async () => {
    const f = await open(at(DUE, -days(2)));
    await f.feed([f.item(DUE)]);
    await f.app.notify.plan();
    await f.app.notify.tick();
    expect(mine()).toHaveLength(1);
    const [message] = mine();
    expect(message?.to).toEqual([f.student.email]);
    const headers = headersOf(message?.raw ?? '');
    expect(headers.get('subject')).toBe('Due in 2 days: Essay 2 for ENGL 101');
    const body = decoded(message?.raw ?? '');
    expect(body).toContain(
      'Your coursework "Essay 2" for ENGL 101 is due Wed, Nov 4, 2026, 4:00 PM PST (in 2 days).',
    );
    expect(body).toContain('Open in Canvas: https://canvas.example.edu/courses/7/assignments/101');
    expect(body).toContain('<a href="https://canvas.example.edu/courses/7/assignments/101"');
    expect(body).toContain('<html lang="en">');
    expect((await f.jobs()).map((j) => j.state)).toEqual(['sent']);
    // Once per item and due time: another round sends nothing more.
    await f.app.notify.plan();
    await f.app.notify.tick();
    expect(mine()).toHaveLength(1);
  });

  it('to a student who chose Español, the coursework reminder is Spanish: subject, body, the link back, lang and Content-Language (issue 59)', async () => {
    const f = await open(at(DUE, -days(2)), false);
    const prefs = await f.app.repositories.preferences.forUser(f.student.id);
    await f.app.repositories.preferences.update(f.student.id, prefs.pk, { language: 'es' });
    await f.feed([f.item(DUE)]);
    await f.app.notify.plan();
    await f.app.notify.tick();
    const [email] = (await f.app.notify.outbox.list(50)).filter((e) => e.topic === 'coursework');
    expect(email?.subject).toBe('Vence en 2 días: Essay 2 de ENGL 101');
    expect(email?.text).toContain('Su trabajo del curso "Essay 2" de ENGL 101 vence el ');
    expect(email?.text).toContain(
      'Abrir en Canvas: https://canvas.example.edu/courses/7/assignments/101',
    );
    expect(email?.html).toContain('<html lang="es">');
    expect(email?.html).toContain('<strong>ENGL 101</strong>');
    expect(email?.html).not.toMatch(/Your coursework|Open in Canvas|is due/);
    expect(email?.headers['Content-Language']).toBe('es');
  });

  it('an all-day item is worded by its day, without a clock time', async () => {
    const f = await open(new Date('2026-11-03T16:00:00.000Z'), false);
    await f.feed([f.item(new Date('2026-11-06T07:59:59.999Z'), { allDay: true, course: null })]);
    await f.app.notify.plan();
    await f.app.notify.tick();
    const [email] = (await f.app.notify.outbox.list(50)).filter((e) => e.topic === 'coursework');
    expect(email?.subject).toBe('Due in 2 days: Essay 2');
    expect(email?.text).toContain(
      'Your coursework "Essay 2" is due Thursday, November 5 (in 2 days).',
    );
  });

  it('its one-click unsubscribe, POSTed without signing in, stops coursework due dates only; the next item brings no reminder', async () => {
    const f = await open(at(DUE, -days(2)));
    await f.feed([f.item(DUE)]);
    await f.app.notify.plan();
    await f.app.notify.tick();
    const headers = headersOf(mine()[0]?.raw ?? '');
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/portal\.example\.edu\/api\/notify\/unsubscribe\?token=[^>]+)>$/.exec(
      headers.get('list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(decoded(mine()[0]?.raw ?? '')).toContain('Stop coursework due date reminders');
    const unsubscribe = unsubscribeLink(f.app, link ?? '');
    expect((await unsubscribe.open()).body).toContain(
      'You will no longer get coursework due date reminders by email, text or push.',
    );
    const answer = await unsubscribe.press();
    expect(answer.statusCode).toBe(200);
    expect(unsubscribeAnswerSchema.parse(answer.json())).toEqual({
      topic: 'coursework',
      unsubscribed: true,
    });
    const chosen = (await f.app.repositories.nextStepsProfile.preference(f.student.id))
      ?.notifications;
    expect(chosen).not.toContain(await f.topicId());
    const deadlineAlerts =
      await f.app.repositories.deadlineTasks.notificationTypeId('Deadline alerts');
    expect(chosen).toContain(deadlineAlerts);
    await f.feed([f.item(DUE), f.item(DUE, { id: 'event-quiz-3', title: 'Quiz 3' })]);
    await f.app.notify.plan();
    expect(await f.jobs()).toHaveLength(1);
  });

  it.each([
    [
      'the feed broke since',
      'feed broken',
      async (f: Awaited<ReturnType<typeof open>>) => {
        await f.feed([f.item(DUE)], 'broken');
      },
    ],
    [
      'the item left the feed',
      'item no longer in the feed',
      async (f: Awaited<ReturnType<typeof open>>) => {
        await f.feed([]);
      },
    ],
    [
      'its due time moved',
      'due time moved',
      async (f: Awaited<ReturnType<typeof open>>) => {
        await f.feed([f.item(at(DUE, days(1)))]);
      },
    ],
    [
      'the student marked it done in the portal',
      'item done',
      async (f: Awaited<ReturnType<typeof open>>) => {
        await f.app.repositories.coursework.setDone(
          f.student.id,
          'event-assignment-101',
          true,
          f.now(),
        );
      },
    ],
    [
      'the topic was turned off',
      'topic not chosen',
      async (f: Awaited<ReturnType<typeof open>>) => {
        expect(await f.app.notify.unsubscribe(f.student.id, 'coursework')).toBe(true);
      },
    ],
  ])('checked again at send: dropped when %s (%s)', async (_what, reason, change) => {
    const f = await open(at(DUE, -days(3)), false);
    await f.feed([f.item(DUE)]);
    await f.app.notify.plan();
    await change(f);
    f.setNow(at(DUE, -days(2)));
    await f.app.notify.tick();
    const [job] = (await f.jobs()).filter((j) => j.run_at === at(DUE, -days(2)).toISOString());
    expect(job).toMatchObject({ state: 'dropped', last_error: reason });
    expect((await f.app.notify.outbox.list(50)).filter((e) => e.topic === 'coursework')).toEqual(
      [],
    );
  });

  it('quiet hours: planned at 10 PM campus time, the email goes at once; the text and push wait until 8:00 AM', async () => {
    // Mon Nov 2, 2026, 10:00 PM PST; the item is due Wed 10:00 PM.
    const night = new Date('2026-11-03T06:00:00.000Z');
    const f = await open(night, false);
    const prefs = await f.app.repositories.preferences.forUser(f.student.id);
    await f.app.repositories.preferences.update(f.student.id, prefs.pk, {
      contact_by_text: true,
      sms_number: '503-555-0142',
    });
    await f.app.repositories.pushSubscriptions.save(
      f.student.id,
      { endpoint: 'https://push.example.net/night', p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      night,
    );
    await f.feed([f.item(at(night, days(2)))]);
    await f.app.notify.plan();
    await f.app.notify.tick();
    const byChannel = Object.fromEntries((await f.jobs()).map((j) => [j.channel, j]));
    expect(byChannel.email).toMatchObject({ state: 'sent' });
    const morning = '2026-11-03T16:00:00.000Z';
    expect(byChannel.sms).toMatchObject({ state: 'pending', run_at: morning, attempts: 0 });
    expect(byChannel.push).toMatchObject({ state: 'pending', run_at: morning, attempts: 0 });
    f.setNow(new Date(morning));
    await f.app.notify.tick();
    const text = (await f.app.notify.outbox.list(50)).find(
      (e) => e.channel === 'sms' && e.topic === 'coursework',
    );
    expect(text).toMatchObject({ recipient: '503-555-0142', topic: 'coursework', state: 'sent' });
    expect(text?.text).toBe(
      'Campus Portal: "Essay 2 (ENGL 101)" is due Wed, Nov 4, 2026, 10:00 PM PST (tomorrow). https://canvas.example.edu/courses/7/assignments/101',
    );
  });

  it('the push notification names the item and its due time and opens the dashboard', async () => {
    const f = await open(at(DUE, -days(2)), false);
    const device = await f.app.repositories.pushSubscriptions.save(
      f.student.id,
      { endpoint: 'https://push.example.net/phone', p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      f.now(),
    );
    await f.feed([f.item(DUE)]);
    await f.app.notify.plan();
    const job = (await f.jobs()).find((j) => j.channel === 'push');
    expect(job?.idempotency_key).toMatch(new RegExp(`:push:${device}$`));
    expect(await courseworkPush(f.app.repositories, job!, f.now(), 'America/Los_Angeles')).toEqual({
      title: 'Due in 2 days: Essay 2 (ENGL 101)',
      body: 'Essay 2 (ENGL 101) is due Wed, Nov 4, 2026, 4:00 PM PST (in 2 days).',
      url: '/',
      tag: job?.idempotency_key.replace(/:push:\d+$/, ''),
    });
  });
});
