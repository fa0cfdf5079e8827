import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess } from '../processes/portal-process.js';
import type { PortalProcess } from '../processes/portal-process.js';

const databaseUrl = process.env.DATABASE_URL;
if (process.env.CI === 'true' && !databaseUrl) {
  throw new Error('CI=true: the reminder schedule must also run under kill -9; set DATABASE_URL.');
}

/** A sample task's reminder; which tasks are due, and "in N days", depend on the hour the suite runs. */
const REMINDER = /^Due (today|tomorrow|in \d+ days|\w+, \w+ \d+): .+$/;

describe.skipIf(!databaseUrl)('a server process killed (kill -9) while sending a reminder', () => {
  const database = `${new URL(databaseUrl ?? 'postgres://x/portal').pathname.slice(1)}_notify_kill_${randomBytes(4).toString('hex')}`;
  let url = '';
  let smtp: SMTPServer;
  let smtpPort = 0;
  /** Every DATA the SMTP server received: `accepted` false for those it never answered. */
  const received: Array<{ subject: string; to: string; accepted: boolean }> = [];
  /** Until the first sender is killed, no message is acknowledged: every one it sends stays in flight. */
  let holding = true;
  const running: PortalProcess[] = [];

  const query = async <T extends pg.QueryResultRow>(text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const u = new URL(databaseUrl ?? '');
    u.pathname = `/${database}`;
    url = u.toString();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
          // Messages sent before the kill are never acknowledged: their sender dies while it waits.
          const accepted = !holding;
          const to = session.envelope.rcptTo.map((r) => r.address).join(',');
          received.push({ subject: subject?.trim() ?? '', to, accepted });
          if (accepted) callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    if (!address || typeof address === 'string') throw new Error('the SMTP server has no port');
    smtpPort = address.port;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    smtp.close(() => {});
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  // The weekly digest falls three days from today, so the only email in this story is the reminder.
  const campusConfig = path.join(mkdtempSync(path.join(tmpdir(), 'notify-kill-')), 'campus.json');
  writeFileSync(
    campusConfig,
    JSON.stringify({
      reminders: { weeklyDigest: { weekday: ((new Date().getUTCDay() + 2) % 7) + 1 } },
    }),
  );
  const start = async () => {
    const p = await startProcess({
      CAMPUS_CONFIG: campusConfig,
      DATABASE_URL: url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'reminders@portal.example.edu',
      SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    });
    running.push(p);
    return p;
  };

  const jobs = () =>
    query<{ idempotency_key: string; state: string; attempts: number }>(
      'SELECT idempotency_key, state, attempts FROM notify_jobs ORDER BY id',
    );

  it('loses nothing and repeats only the messages in flight once their lease has passed; a later restart sends nothing again', async () => {
    // The sample data may have several reminders due, depending on the hour, and the sender works on
    // several at once: every message that reaches the SMTP server before the kill is held unanswered.
    const first = await start();
    await expect.poll(() => received.length, { timeout: 30_000, interval: 200 }).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    holding = false;
    running.splice(running.indexOf(first), 1);
    const held = [...received];
    for (const message of held) {
      expect(message.subject).toMatch(REMINDER);
      expect(message.accepted).toBe(false);
    }
    const inFlight = (await jobs()).filter((job) => job.state === 'running');
    expect(inFlight.length).toBeGreaterThanOrEqual(held.length);
    for (const job of inFlight) expect(job.attempts).toBe(1);
    const heldKeys = inFlight.map((job) => job.idempotency_key);

    // Within its lease nobody takes a job; the test lets the lease run out instead of waiting 2 minutes.
    await query(
      "UPDATE notify_jobs SET locked_until = '2000-01-01T00:00:00.000Z' WHERE state = 'running'",
    );
    const second = await start();
    const heldJobs = async () => (await jobs()).filter((j) => heldKeys.includes(j.idempotency_key));
    await expect
      .poll(async () => (await heldJobs()).map((j) => j.state), { timeout: 30_000 })
      .toEqual(heldKeys.map(() => 'sent'));
    for (const job of await heldJobs()) expect(job.attempts).toBe(2);
    // Each held message was sent again once, answered; every other message once.
    const accepted = received.filter((m) => m.accepted).map((m) => `${m.to} ${m.subject}`);
    for (const message of held) {
      expect(accepted.filter((m) => m === `${message.to} ${message.subject}`)).toHaveLength(1);
    }
    expect(new Set(accepted).size).toBe(accepted.length);
    await second.stop();

    // A restart plans the same reminders again: their keys exist, nothing is sent.
    const before = await jobs();
    const sent = received.length;
    await start();
    await new Promise((resolve) => setTimeout(resolve, 13_000)); // a planner round and a worker round
    expect(received).toHaveLength(sent);
    expect(await jobs()).toEqual(before);
  }, 90_000);
});
