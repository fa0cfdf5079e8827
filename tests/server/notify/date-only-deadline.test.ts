import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { adminTaskSchema } from '../../../contract/admin/tasks.schema.js';
import { userTaskListSchema } from '../../../contract/next-steps/task.schema.js';
import { dueWords, reminderPushText } from '../../../server/notify/due-words.js';
import { remindersDue, reminderTime } from '../../../server/notify/planner.js';
import { endOfCampusDay } from '../../../server/time.js';
import { signIn } from '../helpers/app.js';
import { draftTask } from '../routes/admin/task-input.js';
import { adminAs } from '../routes/admin/admin-client.js';
import { reminderApp } from './fixture.js';

/**
 * Issue 40 "Wrong time": the admin's date-only "Ends on" means the end of that day on the campus
 * clock, everywhere; its reminders go out at the campus morning hour (7:00 by default) and say the
 * day without a clock time.
 */

const ZONE = 'America/Los_Angeles';
const MORNING = 7;
/** Thu Nov 26, 2026 ends at midnight PST, 08:00 UTC on Nov 27. */
const NOV_26_END = new Date('2026-11-27T07:59:59.999Z');
const NO_CLOCK_TIME = /\d:\d\d\s?[AP]M|P[SD]T/;

describe('a date-only deadline on the campus clock', () => {
  it.each([
    ['2026-11-26', '2026-11-27T07:59:59.999Z'],
    ['2026-11-01', '2026-11-02T07:59:59.999Z'], // the day the clocks go back: 25 hours
    ['2027-03-14', '2027-03-15T06:59:59.999Z'], // the day they go forward: 23 hours
  ])('%s ends at the last millisecond of that campus day (%s)', (day, end) => {
    expect(endOfCampusDay(day, ZONE).toISOString()).toBe(end);
  });

  it('its 1-day reminder is planned for the campus morning of Nov 25, the 3-day one of Nov 23, the same-day one of Nov 26', () => {
    expect(reminderTime(NOV_26_END, 1, ZONE, MORNING, true).toISOString()).toBe(
      '2026-11-25T15:00:00.000Z', // Wed Nov 25, 7:00 AM PST
    );
    expect(reminderTime(NOV_26_END, 3, ZONE, MORNING, true).toISOString()).toBe(
      '2026-11-23T15:00:00.000Z',
    );
    expect(reminderTime(NOV_26_END, 0, ZONE, MORNING, true).toISOString()).toBe(
      '2026-11-26T15:00:00.000Z',
    );
  });

  it('across the autumn change its reminders stay at 7:00 campus time: PDT before, PST after', () => {
    const mondayNov2 = endOfCampusDay('2026-11-02', ZONE);
    expect(reminderTime(mondayNov2, 3, ZONE, MORNING, true).toISOString()).toBe(
      '2026-10-30T14:00:00.000Z', // Fri Oct 30, 7:00 AM PDT
    );
    expect(reminderTime(mondayNov2, 1, ZONE, MORNING, true).toISOString()).toBe(
      '2026-11-01T15:00:00.000Z', // Sun Nov 1, 7:00 AM PST
    );
  });

  it('across the spring change too: PST before, PDT after', () => {
    const tuesdayMar16 = endOfCampusDay('2027-03-16', ZONE);
    expect(reminderTime(tuesdayMar16, 3, ZONE, MORNING, true).toISOString()).toBe(
      '2027-03-13T15:00:00.000Z', // Sat Mar 13, 7:00 AM PST
    );
    expect(reminderTime(tuesdayMar16, 1, ZONE, MORNING, true).toISOString()).toBe(
      '2027-03-15T14:00:00.000Z', // Mon Mar 15, 7:00 AM PDT
    );
  });

  it('planned on the evening of Nov 24, the 3-day reminder goes at once and the 1-day one the next campus morning', () => {
    const evening = new Date('2026-11-25T03:00:00.000Z'); // Tue Nov 24, 7:00 PM PST
    expect(remindersDue(NOV_26_END, evening, ZONE, [3, 1], MORNING, true)).toEqual([
      { offset: 3, runAt: evening },
      { offset: 1, runAt: new Date('2026-11-25T15:00:00.000Z') },
    ]);
  });

  it('its reminder says "due Thursday, November 26" and no clock time; a push says so too', () => {
    const words = dueWords(NOV_26_END, '2026-11-26', new Date('2026-11-25T15:00:00.000Z'), ZONE);
    expect(words).toEqual({ when: 'tomorrow', due: 'Thursday, November 26', language: 'en' });
    expect(reminderPushText('Pay your term bill', words)).toEqual({
      title: 'Due tomorrow: Pay your term bill',
      body: 'Pay your term bill is due Thursday, November 26 (tomorrow).',
    });
  });
});

describe('a date-only "Ends on" saved in /admin/tasks, end to end', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('is stored as the end of Nov 26 on the campus clock, read back as the day, and reminded on the morning of Nov 25 by email and text saying "due Thursday, November 26"', async () => {
    const f = await reminderApp(new Date('2026-11-24T12:00:00.000Z'), {
      env: { PUBLIC_ORIGIN: 'https://portal.example.edu' },
    });
    app = f.app;
    const prefs = await f.app.repositories.preferences.forUser(f.student.id);
    await f.app.repositories.preferences.update(f.student.id, prefs.pk, {
      contact_by_text: true,
      sms_number: '503-555-0142',
    });
    const allStudents = (await f.app.repositories.adminChoices.list('student-type')).find(
      (t) => t.name === 'All Students',
    );
    const staff = await adminAs(f.app, 'staff');
    const saved = await staff.json(
      'POST',
      '/admin/tasks',
      draftTask({
        title: 'Pay your term bill',
        ends_on: '2026-11-26',
        has_deadline: true,
        student_type_ids: [allStudents?.id ?? 0],
      }),
    );
    expect(saved.statusCode).toBe(201);
    const task = adminTaskSchema.parse(saved.json());
    expect(task.ends_on).toBe('2026-11-26');
    const row = await f.app.database.db
      .selectFrom('ns_tasks')
      .select(['ends_on', 'ends_on_day'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ends_on: NOV_26_END.toISOString(), ends_on_day: '2026-11-26' });

    // Next Steps shows the day (the browser formats ends_on_day, src/lib/time.ts).
    const { token } = await signIn(f.app, 'student');
    const list = await f.app.inject({
      url: '/next-steps/api/user_task/?published=True',
      headers: { authorization: `Token ${token}` },
    });
    const mine = userTaskListSchema.parse(list.json()).find((t) => t.task.id === task.id);
    expect(mine?.task).toMatchObject({
      ends_on: NOV_26_END.toISOString(),
      ends_on_day: '2026-11-26',
    });

    await f.app.notify.plan();
    const planned = (await f.app.notify.jobs.all())
      .filter((j) => j.payload.includes(`"userTaskId":${mine?.id},"taskId":${task.id},"offset":1,`))
      .map((j) => [j.channel, j.run_at]);
    expect(planned.sort()).toEqual([
      ['email', '2026-11-25T15:00:00.000Z'], // Wed Nov 25, 7:00 AM PST
      ['sms', '2026-11-25T15:00:00.000Z'],
    ]);

    // Send them: the email at 7:00, the text once the quiet hours end at 8:00.
    f.setNow(new Date('2026-11-25T15:00:00.000Z'));
    await f.app.notify.tick();
    f.setNow(new Date('2026-11-25T16:00:00.000Z'));
    await f.app.notify.tick();
    const sent = (await f.app.notify.outbox.list(100)).filter((e) =>
      e.text.includes('Pay your term bill'),
    );
    const email = sent.find((e) => e.channel === 'email' && e.subject.startsWith('Due tomorrow'));
    const text = sent.find((e) => e.channel === 'sms' && e.text.includes('(tomorrow)'));
    expect(email?.text).toContain(
      'Your Next Steps task "Pay your term bill" is due Thursday, November 26 (tomorrow).',
    );
    expect(email?.html).toContain('<strong>Thursday, November 26</strong> (tomorrow)');
    expect(text?.text).toBe(
      `Campus Portal: "Pay your term bill" is due Thursday, November 26 (tomorrow). https://portal.example.edu/next-steps/task/${task.id}`,
    );
    for (const message of [email?.text ?? '', email?.html ?? '', text?.text ?? '']) {
      expect(message).not.toMatch(NO_CLOCK_TIME);
    }
  });
});
