// bench/changes.bench.ts on the Ethos adapter: 1,000 change notifications, each naming a student of
// the test double whose hold was just added, handled (each named student read, compared and told).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { configuredSeed } from '../../server/store-seed.js';
import { FakeEthos } from '../../tests/fake-ethos/fake-ethos.js';
import { ethosSisFor } from '../../tests/fake-ethos/ethos-sis.js';
import { ID } from '../../tests/fake-ethos/fixture-ids.js';
import { addStudents, round } from './changes-load.js';

const NOTIFICATIONS = Number(process.env.BENCH_CHANGES_ETHOS ?? 1000);

const guid = (prefix: string, n: number) =>
  `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export async function ethosBench() {
  const fake = await FakeEthos.start();
  const dir = mkdtempSync(join(tmpdir(), 'bench-changes-ethos-'));
  const [student] = fake.data.persons;
  const arHold = fake.data['person-holds'].find((h) => h.id === ID.financialHold);
  if (!student || !arHold) throw new Error('the double has no student or hold');
  // Each bench student a person of the double (the Business Process APIs answer by the Banner ID).
  for (let n = 0; n < NOTIFICATIONS; n += 1) {
    const person = structuredClone(student);
    person.id = guid('b', n);
    person.credentials = person.credentials.map((c) =>
      c.type === 'bannerUserName' ? { ...c, value: `ethos${n}` } : c,
    );
    fake.data.persons.push(person);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dir,
    CLIENT_DIR: '/nonexistent-client-dir',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  });
  const database = await openDatabase({
    sqliteFile: 'portal.sqlite',
    dataDir: dir,
    seed: configuredSeed(config),
  });
  const app = await buildApp({ config, database, logger: false, sis: ethosSisFor(fake) });
  await app.ready();
  try {
    await addStudents(database, NOTIFICATIONS, 'ethos');
    const baselineStarted = performance.now();
    await app.changes.sweep();
    const baselineSeconds = (performance.now() - baselineStarted) / 1000;
    // A student whose read failed in the baselines sweep has no baseline: the notification's
    // comparison writes it and raises nothing (the first fingerprint is a baseline).
    const baselines = await database.db
      .selectFrom('record_fingerprints as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('u.username', 'like', 'ethos%')
      .executeTakeFirstOrThrow();
    while (fake.pendingChanges() > 0) await app.ethosConsume?.poll();
    // A hold added to each, and Ethos's notification of it.
    for (let n = 0; n < NOTIFICATIONS; n += 1) {
      const id = guid('c', n);
      fake.data['person-holds'].push({
        ...structuredClone(arHold),
        id,
        person: { id: guid('b', n) },
      });
      fake.publish('person-holds', id, { person: { id: guid('b', n) } }, 'created');
    }
    const calls = fake.apiCalls().length;
    const started = performance.now();
    const loadBefore = loadavg()[0] ?? 0;
    let applied = 0;
    while (fake.pendingChanges() > 0) applied += (await app.ethosConsume?.poll()) ?? 0;
    // The next tick's poll: the people whose read failed (a timeout on a loaded machine) read again.
    await app.ethosConsume?.poll();
    const seconds = (performance.now() - started) / 1000;
    const told = await database.db
      .selectFrom('record_changes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('kind', '=', 'hold-added')
      .executeTakeFirstOrThrow();
    return {
      notifications: NOTIFICATIONS,
      baselines: Number(baselines.n),
      applied,
      told: Number(told.n),
      seconds: round(seconds, 1),
      load: [round(loadBefore), round(loadavg()[0] ?? 0)],
      ethosCalls: fake.apiCalls().length - calls,
      baselineSeconds: round(baselineSeconds, 1),
    };
  } finally {
    await app.close();
    await database.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
