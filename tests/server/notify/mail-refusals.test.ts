import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { at, days, reminderApp } from './fixture.js';
import { smtpSink } from './smtp-sink.js';

const DEADLINE = new Date('2026-11-04T00:00:00.000Z');

describe('what the mail server or the address refuses for good ends the job (issue 40, item 5)', () => {
  let sink: Awaited<ReturnType<typeof smtpSink>>;
  let app: FastifyInstance | undefined;
  /** The mailboxes the server refuses, and with which reply. */
  const refusals = new Map<string, { code: number; text: string }>();
  const rcpts: string[] = [];

  beforeAll(async () => {
    sink = await smtpSink({
      onRcptTo(address, _session, callback) {
        rcpts.push(address.address);
        const refusal = refusals.get(address.address);
        if (!refusal) return callback();
        return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      },
    });
  });
  afterAll(() => sink.close());
  afterEach(async () => {
    await app?.close();
    app = undefined;
    sink.received.length = 0;
    rcpts.length = 0;
    refusals.clear();
  });

  async function remindAt(email?: string) {
    const f = await reminderApp(at(DEADLINE, -days(2)), {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        PUBLIC_ORIGIN: 'https://portal.example.edu',
      },
    });
    app = f.app;
    if (email !== undefined) {
      await f.app.database.db
        .updateTable('users')
        .set({ email })
        .where('id', '=', f.student.id)
        .execute();
    }
    const { userTaskId } = await f.addTask(DEADLINE, 'Submit the housing form');
    await f.app.notify.plan();
    await f.app.notify.tick();
    const jobs = await f.app.notify.jobs.all();
    const job = jobs.find(
      (j) => j.idempotency_key.startsWith(`reminder:${userTaskId}:`) && j.channel === 'email',
    );
    return { f, job };
  }

  it('a 550 on RCPT drops the job after one attempt with the server’s reason', async () => {
    refusals.set('avalencia@campus.example.edu', {
      code: 550,
      text: '5.1.1 <avalencia@campus.example.edu>: mailbox unavailable',
    });
    const { f, job } = await remindAt();
    expect(f.student.email).toBe('avalencia@campus.example.edu');
    expect(job).toMatchObject({ state: 'dropped', attempts: 1 });
    expect(job?.last_error).toMatch(
      /^refused by the mail server: 550 5\.1\.1 .*mailbox unavailable$/,
    );
    expect(sink.received).toEqual([]);
  });

  it('a 450 on RCPT is temporary: the job waits for a retry', async () => {
    refusals.set('avalencia@campus.example.edu', {
      code: 450,
      text: '4.2.0 greylisted, try later',
    });
    const { job } = await remindAt();
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    expect(job?.last_error).toMatch(/450/);
  });

  it.each([
    ['a comma list', 'avalencia@campus.example.edu, attacker@evil.example'],
    ['a CRLF header injection', 'avalencia@campus.example.edu\r\nBcc: attacker@evil.example'],
    ['two <…> parts', 'Ana <avalencia@campus.example.edu> <attacker@evil.example>'],
    ['a display name', 'Ana Valencia <avalencia@campus.example.edu>'],
    ['a group', 'team: avalencia@campus.example.edu, attacker@evil.example;'],
  ])(
    'an address stored as %s is refused at send: the job is dropped and nothing reaches the SMTP server',
    async (_what, email) => {
      const { job } = await remindAt(email);
      expect(job).toMatchObject({
        state: 'dropped',
        last_error: 'the recipient is not one email address',
      });
      expect(rcpts).toEqual([]);
      expect(sink.received).toEqual([]);
    },
  );
});
