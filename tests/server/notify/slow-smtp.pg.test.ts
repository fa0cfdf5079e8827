import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { NotifyJobsRepository } from '../../../server/db/repositories/notify-jobs.repository.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { smtpMailer } from '../../../server/notify/mailer.js';
import type { Mailer } from '../../../server/notify/mailer.js';
import { NotifyWorker } from '../../../server/notify/worker.js';
import { findPersona } from '../../../server/sis/personas.js';

const databaseUrl = process.env.DATABASE_URL;
if (process.env.CI === 'true' && !databaseUrl) {
  throw new Error('CI=true: the lease fence must also run on PostgreSQL; set DATABASE_URL.');
}

const EMAILS = 40;
/** The SMTP server greets each connection this late, as the slow relay of issue 40 did. */
const GREETING_MS = 7_000;

describe.skipIf(!databaseUrl)('two workers on one PostgreSQL store and a slow SMTP server', () => {
  const schema = `notify_slow_${randomBytes(4).toString('hex')}`;
  const databases: Database[] = [];
  const mailers: Mailer[] = [];
  const received: string[] = [];
  let smtp: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) databases.push(await openDatabase({ url: databaseUrl, schema }));
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onConnect(_session, callback) {
        setTimeout(() => callback(), GREETING_MS);
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
          received.push(subject?.trim() ?? '');
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    if (!address || typeof address === 'string') throw new Error('the SMTP server has no port');
    port = address.port;
  }, 60_000);

  afterAll(async () => {
    for (const mailer of mailers) mailer.close();
    smtp?.close(() => {});
    for (const database of databases) await database.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('sends no email twice: a send starts only with its lease well ahead, and a passed lease records nothing', async () => {
    const [a, b] = databases;
    if (!a || !b) throw new Error('two stores expected');
    const now = new Date();
    const user = await new UsersRepository(a.db).upsertFromPersona(findPersona('student'), now);
    const jobsA = new NotifyJobsRepository(a.db, a.dialect);
    for (let i = 0; i < EMAILS; i += 1) {
      await jobsA.enqueue(
        {
          idempotencyKey: `message:1:${user.id}:email:${i}`,
          channel: 'email',
          kind: 'message',
          topic: 'messages',
          userId: user.id,
          payload: {},
          runAt: now,
        },
        now,
      );
    }
    // A short lease, as the slow server makes every send take most of it.
    const workers = databases.map((database, i) => {
      const mailer = smtpMailer({
        url: `smtp://127.0.0.1:${port}`,
        from: 'portal@example.edu',
        poolSize: 2,
      });
      mailers.push(mailer);
      const jobs = new NotifyJobsRepository(database.db, database.dialect);
      return new NotifyWorker({
        jobs,
        send: async (job) => {
          return mailer.send(
            {
              jobId: job.id,
              to: 'student@example.edu',
              subject: job.idempotency_key,
              topic: job.topic,
              text: 'Hello',
              html: '<p>Hello</p>',
              headers: {},
            },
            new Date(),
          );
        },
        clock: () => new Date(),
        id: `process-${i}`,
        leaseMs: 12_000,
        sendTimeoutMs: 10_000,
        concurrency: 12,
        urgentSlots: 1,
        perDestination: 11,
        backoffMs: 1_000,
        maxBackoffMs: 1_000,
        maxAttempts: 8,
      });
    });
    for (const worker of workers) worker.start();
    const poll = setInterval(() => workers.forEach((w) => w.kick()), 500);
    try {
      await expect
        .poll(async () => (await jobsA.all()).every((j) => j.state === 'sent'), {
          timeout: 60_000,
          interval: 500,
        })
        .toBe(true);
    } finally {
      clearInterval(poll);
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(received).toHaveLength(EMAILS);
    expect(new Set(received).size).toBe(EMAILS);
    expect((await jobsA.all()).every((j) => j.last_error === null)).toBe(true);
  }, 90_000);
});
