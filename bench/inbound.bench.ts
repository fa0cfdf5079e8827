// The inbound API at campus scale (issue 60): one call publishing a message with email to 10,000
// students by role. Measures how long the call takes to plan the item and queue its emails (the
// issue's target: within 10 s), and the latency of the portal's other requests (a signed-in
// student's messages and the public campus configuration, one after another) while it runs, against
// the same requests without it, measured in the same run. The whole server runs in this process on a
// SQLite store in a temporary folder, listening on a local port. Writes bench/results/inbound.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { configuredSeed } from '../server/store-seed.js';
import { createPublisher, issueKey } from '../server/inbound/manage.js';
import { signIn } from '../tests/server/helpers/app.js';
import { round, summary } from './lib/stats.js';

const PEOPLE = Number(process.env.BENCH_INBOUND_PEOPLE ?? 10_000);
const TARGET_S = 10;
// The portal's normal latency for a signed-in read, as its campus-size benchmark holds it (p99 at
// most 50 ms with 30,000 students, bench/README.md): the other requests must stay under it meanwhile.
const NORMAL_P99_MS = 50;
const BASELINE_REQUESTS = 300;
async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-inbound-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dir,
    CLIENT_DIR: '/nonexistent-client-dir',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
  });
  const database = await openDatabase({
    sqliteFile: 'portal.sqlite',
    dataDir: dir,
    seed: configuredSeed(config),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const now = new Date().toISOString();
  for (let i = 0; i < PEOPLE; i += 500) {
    const ids = Array.from({ length: Math.min(500, PEOPLE - i) }, (_, k) => i + k);
    await database.db
      .insertInto('users')
      .values(
        ids.map((n) => ({
          username: `student${n}`,
          persona: null,
          first_name: 'Student',
          last_name: String(n),
          email: `student${n}@campus.example.edu`,
          nine_number: `9${String(n).padStart(8, '0')}`,
          primary_role: 'student',
          other_roles: '[]',
          is_staff: 0,
          is_superuser: 0,
          can_use_demo: 0,
          financial_dashboard_access: 0,
          has_provisional_account: 0,
          role_acknowledged_on: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  const publisherId = await createPublisher(
    app.repositories,
    {
      name: 'registrar',
      label: 'Registrar',
      scopes: ['messages:write'],
      roles: ['student'],
      groups: [],
      maxRecipients: PEOPLE + 100,
    },
    new Date(),
  );
  const { key } = await issueKey(app.repositories, publisherId, new Date());
  const { token } = await signIn(app, 'student');
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  const reads = [
    () =>
      fetch(`${address}/api/notifications/user`, { headers: { authorization: `Token ${token}` } }),
    () => fetch(`${address}/api/campus`),
  ];
  /** One request after another (alternating the two reads) until `until` says stop; their ms. */
  async function readLoop(until: () => boolean): Promise<number[]> {
    const ms: number[] = [];
    for (let i = 0; !until(); i += 1) {
      const started = performance.now();
      const response = await reads[i % reads.length]!();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`A read answered ${response.status}`);
      ms.push(performance.now() - started);
    }
    return ms;
  }

  // Warm both reads, untimed.
  let warm = 0;
  await readLoop(() => warm++ >= 50);
  let count = 0;
  const baseline = await readLoop(() => count++ >= BASELINE_REQUESTS);

  let done = false;
  const started = performance.now();
  const publishing = fetch(`${address}/api/inbound/v1/items`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'message',
      source_id: 'registration-opens',
      audience: { roles: ['student'] },
      title: 'Registration for spring opens Monday',
      body: 'Check your holds before Monday.',
      channels: ['email'],
    }),
  }).then(async (response) => {
    const seconds = (performance.now() - started) / 1000;
    done = true;
    return { status: response.status, body: (await response.json()) as unknown, seconds };
  });
  const during = await readLoop(() => done);
  const published = await publishing;
  const jobs = await app.repositories.notifyJobs.all();
  const emails = jobs.filter((j) => j.channel === 'email' && j.message_id !== null).length;
  await app.close();
  rmSync(dir, { recursive: true, force: true });

  const base = summary(baseline);
  const meanwhile = summary(during);
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, loadavg: loadavg().map((n) => round(n)) },
    people: PEOPLE,
    publish: {
      status: published.status,
      answer: published.body,
      seconds: round(published.seconds),
      target_seconds: TARGET_S,
      within_target: published.status === 201 && published.seconds <= TARGET_S,
      emails_queued: emails,
    },
    other_requests: {
      without: base,
      meanwhile,
      p50_ratio: round(meanwhile.p50_ms / base.p50_ms),
      p95_ratio: round(meanwhile.p95_ms / base.p95_ms),
      p99_ratio: round(meanwhile.p99_ms / base.p99_ms),
      normal_p99_ms: NORMAL_P99_MS,
      within_normal: meanwhile.p99_ms <= NORMAL_P99_MS,
    },
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/inbound.json', `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

await main();
