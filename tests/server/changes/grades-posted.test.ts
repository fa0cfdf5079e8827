import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushMessageSchema } from '../../../contract/push.schema.js';
import { FakePushService } from '../../fake-push/fake-push.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { ChangingSis, financialHold } from './changing-sis.js';

// Wed Nov 25, 2026, 11:00 AM PST: outside the default quiet hours, so no push waits for the morning.
const MORNING = new Date('2026-11-25T19:00:00.000Z');

describe('a final grade posted (issue 74): one message, a push whose text carries no grade', () => {
  let push: FakePushService;
  let app: FastifyInstance;
  let sis: ChangingSis;
  let device: ReturnType<FakePushService['device']>;
  let now = MORNING;
  let studentId = 0;
  beforeAll(async () => {
    push = await FakePushService.start();
  });
  afterAll(async () => push.close());

  beforeEach(async () => {
    now = MORNING;
    push.received.length = 0;
    sis = new ChangingSis();
    app = await createTestApp({
      sis,
      clock: () => now,
      env: { PUBLIC_ORIGIN: 'https://portal.example.edu', PUSH_SERVICE_HOSTS: push.host },
      notify: { pushAgent: push.agent() },
    });
    const student = await signIn(app, 'student');
    studentId = (await app.repositories.users.findByUsername('avalencia'))?.id ?? 0;
    device = push.device();
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { authorization: `Token ${student.token}` },
      payload: device.subscription,
    });
    expect(subscribed.statusCode).toBeLessThan(300);
    // The baseline: the first sweep raises nothing.
    expect((await app.changes.sweep())?.changes).toEqual([]);
  });
  afterEach(async () => app.close());

  const told = async () =>
    (
      await app.repositories.messages.forRecipient(
        { id: studentId, username: 'avalencia', roles: ['student'] },
        now,
      )
    ).filter((m) => m.title === 'Changes to your record' || m.body === 'Changes to your record');
  const pushed = () =>
    push.received
      .filter((m) => m.device === device.id)
      .map((m) => pushMessageSchema.parse(JSON.parse(device.decrypt(m.body))));
  const later = (minutes: number) => {
    now = new Date(now.getTime() + minutes * 60_000);
  };

  it('a grade posted raises one bell message naming the course, and one push without the grade; no email or text', async () => {
    sis.postedGrades = [['CS 161', 'A-']];
    later(60);
    expect((await app.changes.sweep())?.changes.map((c) => c.kind)).toEqual(['grade-posted']);
    const messages = await told();
    expect(messages.map((m) => m.title)).toEqual(['A final grade was posted for CS 161']);
    expect(messages[0]?.action_link).toMatch(/^\/academics\?term=\d{6}$/);
    await app.notify.tick();
    const payloads = pushed();
    expect(payloads).toEqual([
      expect.objectContaining({
        title: 'A final grade was posted for CS 161',
        body: 'Changes to your record',
      }),
    ]);
    expect(JSON.stringify(payloads)).not.toContain('A-');
    // A grade posted is news, not urgent: no email and no text.
    expect(await app.notify.outbox.list(10)).toEqual([]);
    // The next sweep finds nothing new.
    later(60);
    expect((await app.changes.sweep())?.changes).toEqual([]);
    expect(await told()).toHaveLength(1);
  });

  it('fifteen final grades posted within an hour raise one summary, naming each course and no grade', async () => {
    const letters = [
      'A',
      'A-',
      'B+',
      'B',
      'B-',
      'C+',
      'C',
      'C-',
      'D+',
      'D',
      'F',
      'P',
      'NP',
      'A',
      'B',
    ];
    const courses = letters.map((g, i): [string, string] => [`CS ${101 + i}`, g]);
    // Posted over the hour, a few at a time, each sweep ten minutes after the last.
    for (const [from, to] of [
      [0, 3],
      [3, 5],
      [5, 9],
      [9, 15],
    ] as const) {
      sis.postedGrades = courses.slice(0, to);
      later(10);
      expect((await app.changes.sweep())?.changes).toHaveLength(to - from);
    }
    const messages = await told();
    // The first five are told one by one; the rest, past the burst's limit, become one summary.
    expect(messages.filter((m) => m.title.startsWith('A final grade was posted'))).toHaveLength(5);
    const summaries = messages.filter((m) => m.title === 'Changes to your record');
    expect(summaries).toHaveLength(1);
    for (const [course] of courses.slice(5))
      expect(summaries[0]?.body).toContain(`- A final grade was posted for ${course}\n`.trimEnd());
    expect(summaries[0]?.body).toMatch(/^10 changes to your record:/);
    await app.notify.tick();
    const payloads = pushed();
    expect(payloads).toHaveLength(6);
    // All a push says is the topic, a count, or a course named without its grade (a long body is
    // cut short with "…": its last line's start).
    const lastLine = (_: string, start: string) =>
      /^A final grade was posted for CS \d*$/.test(start) ||
      'A final grade was posted for CS '.startsWith(start)
        ? ''
        : start;
    for (const text of payloads.flatMap((p) => [p.title, p.body]))
      expect(
        text
          .replace(/- ([^-]*)…$/, lastLine)
          .replace(/A final grade was posted for CS \d+/g, '')
          .replace(/\d+ changes to your record:/, '')
          .replace('Changes to your record', ''),
      ).toMatch(/^[\s-]*$/);
  });

  it('fifteen grades posted at once are one summary message and one push', async () => {
    sis.postedGrades = Array.from({ length: 15 }, (_, i): [string, string] => [
      `CS ${201 + i}`,
      'B+',
    ]);
    later(60);
    expect((await app.changes.sweep())?.changes).toHaveLength(15);
    const messages = await told();
    expect(messages.map((m) => m.title)).toEqual(['Changes to your record']);
    expect(messages[0]?.body.split('\n')).toHaveLength(16);
    expect(messages[0]?.body).not.toContain('B+');
    await app.notify.tick();
    const payloads = pushed();
    expect(payloads).toHaveLength(1);
    expect(JSON.stringify(payloads)).not.toContain('B+');
  });

  it('an urgent change beside posted grades: the summary also goes out by email, and its text carries no grade', async () => {
    sis.postedGrades = Array.from({ length: 6 }, (_, i): [string, string] => [
      `CS ${301 + i}`,
      'A-',
    ]);
    sis.extraHolds = [financialHold];
    later(60);
    expect((await app.changes.sweep())?.changes).toHaveLength(7);
    await app.notify.tick();
    const emails = (await app.notify.outbox.list(10)).filter((e) => e.channel === 'email');
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain('A hold was added: Accounts Receivable Hold');
    expect(emails[0]?.text).toContain('A final grade was posted for CS 301');
    // The grade as a word: the unsubscribe link's signed token may hold the letters "A-" by chance.
    const grade = /(?<![\w-])A-(?![\w-])/;
    expect(emails[0]?.text).not.toMatch(grade);
    expect(emails[0]?.html).not.toMatch(grade);
    expect(JSON.stringify(pushed())).not.toMatch(grade);
  });
});
