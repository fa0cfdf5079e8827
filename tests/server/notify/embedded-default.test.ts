import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../../server/db/database.js';
import { createTestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-23T18:00:00.000Z');

describe('the embedded default shows reminders (no SMTP_URL: the outbox)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-notify-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** `npm start` on the same data folder: the planner and the worker run in the process. */
  async function start(notify: { pollMs?: number; firstPlanMs?: number } = {}) {
    const database = await openDatabase({ dataDir: dir, sqliteFile: 'portal.sqlite' });
    const app = await createTestApp({
      database,
      clock: () => NOW,
      notify: { run: true, ...notify },
    });
    await app.ready();
    return app;
  }

  const sampleStudentMail = async (app: FastifyInstance) =>
    (await app.notify.outbox.list(1000)).filter(
      (e) => e.recipient === 'avalencia@campus.example.edu',
    );

  it('on the first start the sample student’s due-soon sample task reaches the outbox within 90 seconds, and a restart adds nothing again', async () => {
    const started = Date.now();
    const first = await start(); // the default timings of `npm start`
    await expect
      .poll(async () => (await sampleStudentMail(first)).map((e) => e.subject).sort(), {
        timeout: 60_000,
        interval: 250,
      })
      // Monday 10:00 AM on campus: the weekly digest of the sample's overdue tasks goes out too.
      .toEqual([
        expect.stringMatching(/^\d+ tasks? overdue in Next Steps$/),
        'Due in 2 days: Confirm your class schedule',
      ]);
    expect(Date.now() - started).toBeLessThan(90_000);
    await first.close();

    const second = await start({ pollMs: 50, firstPlanMs: 10 });
    // Let the restarted process plan and run its worker several rounds.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const jobs = await second.notify.jobs.all();
    const sent = jobs.filter((j) => j.state === 'sent');
    expect(sent.length).toBeGreaterThan(0);
    // Each sent once: one attempt each, one outbox message each; what is left waits for its time.
    expect(sent.every((j) => j.attempts === 1)).toBe(true);
    expect(await second.notify.outbox.count()).toBe(sent.length);
    expect(jobs.filter((j) => j.state === 'pending').every((j) => new Date(j.run_at) > NOW)).toBe(
      true,
    );
    expect(await sampleStudentMail(second)).toHaveLength(2);
    await second.close();
  }, 90_000);
});
