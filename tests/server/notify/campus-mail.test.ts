import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../../server/notify/mailer.js';
import { at, days, reminderApp } from './fixture.js';
import { privateCa, smtpSink } from './smtp-sink.js';

const DEADLINE = new Date('2026-11-04T00:00:00.000Z');
const ENV = {
  MAIL_FROM: 'Campus Portal <reminders@portal.example.edu>',
  PUBLIC_ORIGIN: 'https://portal.example.edu',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
};

describe('a campus relay whose certificate comes from the campus’s own CA (STARTTLS)', () => {
  const ca = privateCa();
  let sink: Awaited<ReturnType<typeof smtpSink>>;
  let app: FastifyInstance | undefined;
  const secure: boolean[] = [];

  beforeAll(async () => {
    sink = await smtpSink({
      key: ca.key,
      cert: ca.cert,
      onMailFrom(_address, session, callback) {
        secure.push(session.secure);
        callback();
      },
    });
  });
  afterAll(async () => {
    await sink.close();
    ca.remove();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    sink.received.length = 0;
  });

  async function remind(env: Record<string, string>) {
    const f = await reminderApp(at(DEADLINE, -days(2)), {
      env: { ...ENV, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, ...env },
    });
    app = f.app;
    const { userTaskId } = await f.addTask(DEADLINE, 'Submit the housing form');
    await f.app.notify.plan();
    await f.app.notify.tick();
    const [job] = (await f.jobsOf(userTaskId)).filter((j) => !j.key.includes(':push:'));
    return { f, job };
  }

  it('without SMTP_CA_FILE the send fails on the certificate, is kept for a retry, and nothing arrives', async () => {
    const { job } = await remind({});
    expect(job?.state).toBe('pending');
    expect(job?.reason).toMatch(/certificate/);
    expect(sink.received).toEqual([]);
  });

  it('with SMTP_CA_FILE naming the campus CA the reminder arrives over TLS', async () => {
    const { f, job } = await remind({ SMTP_CA_FILE: ca.caFile });
    expect(job?.state).toBe('sent');
    const mine = sink.received.filter((m) => m.raw.includes('Submit the housing form'));
    expect(mine.map((m) => m.to)).toEqual([[f.student.email]]);
    expect(secure.at(-1)).toBe(true);
  });
});

describe('pooled SMTP connections', () => {
  it('many sends share at most SMTP_POOL_SIZE connections', async () => {
    let connections = 0;
    const sink = await smtpSink({
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
    });
    const mailer = smtpMailer({
      url: `smtp://127.0.0.1:${sink.port}`,
      from: 'reminders@portal.example.edu',
      poolSize: 2,
    });
    try {
      const sends = Array.from({ length: 12 }, (_, i) =>
        mailer.send(
          {
            jobId: i,
            to: `student${i}@campus.example.edu`,
            subject: `Message ${i}`,
            topic: 'messages',
            text: 'Hello',
            html: '<p>Hello</p>',
            headers: {},
          },
          new Date(),
        ),
      );
      expect(await Promise.all(sends)).toEqual(Array(12).fill({ state: 'sent' }));
      expect(sink.received).toHaveLength(12);
      expect(connections).toBeGreaterThanOrEqual(1);
      expect(connections).toBeLessThanOrEqual(2);
    } finally {
      mailer.close();
      await sink.close();
    }
  });
});
