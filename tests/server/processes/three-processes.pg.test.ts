import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOrSource, startProcess } from './portal-process.js';
import type { PortalProcess } from './portal-process.js';

/**
 * Issue 90: any number of processes on one store run each scheduled job once. Three real server
 * processes (server/server.ts) on one PostgreSQL database, as the Kubernetes overlay runs them: one
 * `web`, two `worker`. Both workers run the reminder round 2 s after they are ready (then every 5
 * minutes) and race for every job; what makes it once: each planned job's unique idempotency key
 * (a second plan of it adds nothing) and each send's claim under a lease (`FOR UPDATE SKIP LOCKED`,
 * db/repositories/notify-leases.ts). The web process runs none of it.
 */
const databaseUrl = process.env.DATABASE_URL;
if (process.env.CI === 'true' && !databaseUrl) {
  throw new Error('CI=true: the three-process suite needs DATABASE_URL.');
}

interface Logged {
  role: string;
  lines: Record<string, unknown>[];
}

describe.skipIf(!databaseUrl)(
  'three processes on one PostgreSQL store: web, worker, worker',
  () => {
    const database = `${new URL(databaseUrl ?? 'postgres://x/portal').pathname.slice(1)}_three_${randomBytes(4).toString('hex')}`;
    const processes: PortalProcess[] = [];
    const logs: Logged[] = [];
    let url = '';
    /** When the last of the three was ready. */
    let ready = 0;

    /** Starts a process of `role`, its JSON log lines kept from the first. */
    async function start(role: string) {
      const logged: Logged = { role, lines: [] };
      logs.push(logged);
      // Built when `npm test` built it: three tsx starts at once took a minute on a busy machine.
      const proc = await startProcess(
        {
          DATABASE_URL: url,
          SESSION_SECRET: randomBytes(32).toString('base64url'),
          PROCESS_ROLE: role,
          LOG_LEVEL: 'info',
        },
        builtOrSource(),
      );
      processes.push(proc);
      let rest = '';
      proc.child.stdout?.on('data', (chunk: Buffer) => {
        const parts = (rest + chunk.toString()).split('\n');
        rest = parts.pop() ?? '';
        for (const part of parts) {
          if (!part.startsWith('{')) continue;
          logged.lines.push(JSON.parse(part) as Record<string, unknown>);
        }
      });
    }

    async function query<T>(text: string): Promise<T[]> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text)).rows as T[];
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${database}"`);
      await admin.end();
      const at = new URL(databaseUrl ?? '');
      at.pathname = `/${database}`;
      url = at.toString();
      // All three at once, as replicas start: one migrates under the start lock, the others wait.
      await Promise.all([start('web'), start('worker'), start('worker')]);
      ready = Date.now();
    }, 120_000);

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    });

    const said = (role: string, msg: string) =>
      logs
        .filter((l) => l.role === role)
        .flatMap((l) => l.lines.filter((line) => line.msg === msg));

    it('each scheduled job runs once per period: the reminder round’s jobs are planned once between the two workers, each due job is sent once, and the web process runs none', async () => {
      // Both workers' first rounds run 2 s after each is ready; a round that adds nothing logs nothing.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, ready + 5_000 - Date.now())));
      const jobs = () =>
        query<{ id: number; state: string; attempts: number }>(
          'SELECT id, state, attempts FROM notify_jobs',
        );
      const planned = () =>
        said('worker', 'planned reminders').reduce((sum, line) => sum + Number(line.added), 0);
      // Each job the two rounds planned is counted by the one process whose insert took it.
      await expect.poll(async () => (await jobs()).length - planned()).toBe(0);
      const all = await jobs();
      expect(all.length).toBeGreaterThan(0);
      expect(planned()).toBe(all.length);
      // The demo student's reminders due now (a deadline within a day) are sent by one worker or the
      // other, each once: one attempt, one email in the outbox.
      await expect
        .poll(async () => (await jobs()).filter((j) => j.state === 'sent').length, {
          timeout: 15_000,
          interval: 250,
        })
        .toBeGreaterThan(0);
      // The next poll of both workers (every 5 s) finds nothing more to send.
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      const sent = (await jobs()).filter((j) => j.state === 'sent');
      expect(sent.every((j) => j.attempts === 1)).toBe(true);
      const outbox = await query<{ job_id: number }>(
        'SELECT job_id FROM notify_outbox WHERE job_id IS NOT NULL ORDER BY job_id',
      );
      expect(outbox.map((o) => o.job_id)).toEqual(sent.map((j) => j.id).sort((a, b) => a - b));
      for (const failed of ['planning reminders failed', 'sending reminders failed'])
        expect(said('worker', failed)).toEqual([]);
      expect(said('web', 'planned reminders')).toEqual([]);
    }, 60_000);
  },
);
