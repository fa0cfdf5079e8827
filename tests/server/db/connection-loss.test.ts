import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { userTaskListSchema } from '../../../contract/next-steps/task.schema.js';
import { APPLICATION_NAME, openDatabase } from '../../../server/db/database.js';
import { createTestApp, signIn } from '../helpers/app.js';

const url = process.env.DATABASE_URL;
/** Restarting PostgreSQL disturbs everyone sharing it: only in CI or when asked for. */
const mayRestart =
  Boolean(url) && (process.env.CI === 'true' || process.env.PG_RESTART_TEST === '1');
const schema = `conn_${randomBytes(6).toString('hex')}`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Ends every connection the portal holds to this database, as a failover or an operator would. */
const terminatePortalConnections = () =>
  admin((c) =>
    c.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [APPLICATION_NAME],
    ),
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!url)('PostgreSQL connection loss', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());
  afterAll(async () => admin((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)));

  async function portal() {
    const database = await openDatabase({ url, schema });
    app = await createTestApp({ database });
    const { token } = await signIn(app, 'student');
    const headers = { authorization: `Token ${token}` };
    const list = async () =>
      userTaskListSchema.parse(
        (await app.inject({ url: '/next-steps/api/user_task/?published=True', headers })).json(),
      );
    const star = (id: number) =>
      app.inject({
        method: 'PATCH',
        url: `/next-steps/api/user_task/${id}/`,
        payload: { starred: true },
        headers,
      });
    return { headers, list, star };
  }

  it('survives terminated connections: no crash, and the next requests are served', async () => {
    const { headers } = await portal();
    const prefs = () => app.inject({ url: '/api/preferences/user', headers });
    expect((await prefs()).statusCode).toBe(200);
    await terminatePortalConnections();
    await sleep(200);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await prefs()).statusCode);
    expect(answers.at(-1)).toBe(200);
    expect(answers.every((s) => s === 200 || s === 503)).toBe(true);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it.skipIf(!mayRestart)(
    'a PostgreSQL restart under load: 503 JSON while it is away, /readyz says so, back within 5 s, no acknowledged write lost',
    async () => {
      const { list, star } = await portal();
      const ids = (await list()).map((t) => t.id);
      const acknowledged: number[] = [];
      const statuses = new Set<number>();
      let stop = false;
      let readyDown = false;
      const load = (async () => {
        for (let i = 0; !stop; i += 1) {
          const id = ids[i % ids.length]!;
          const answer = await star(id);
          statuses.add(answer.statusCode);
          if (answer.statusCode === 200) acknowledged.push(id);
          else expect(Object.keys(answer.json())).toEqual(['detail']);
          if ((await app.inject({ url: '/readyz' })).statusCode === 503) readyDown = true;
        }
      })();
      await sleep(300);
      // Asynchronously: the load keeps running while PostgreSQL is down.
      await promisify(execFile)('pg_ctlcluster', [
        '--skip-systemctl-redirect',
        '15',
        'main',
        'restart',
      ]);
      const restarted = Date.now();
      let back = false;
      while (Date.now() - restarted < 5_000 && !back) {
        back = (await app.inject({ url: '/readyz' })).statusCode === 200;
        if (!back) await sleep(100);
      }
      await sleep(500);
      stop = true;
      await load;
      expect(back).toBe(true);
      expect(statuses).toContain(200);
      expect([...statuses].every((s) => s === 200 || s === 503)).toBe(true);
      expect(readyDown).toBe(true);
      const starred = new Set((await list()).filter((t) => t.starred).map((t) => t.id));
      for (const id of acknowledged) expect(starred.has(id)).toBe(true);
    },
    30_000,
  );
});
