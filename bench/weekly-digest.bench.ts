// `npm run bench:weekly-digest -- --students 10000` (SQLite; PostgreSQL with DATABASE_URL): the
// weekly digest's round on a campus-sized store (bench/lib/campus-store.ts: 60 Next Steps records a
// student, deadlines over the year, most past). What the round reads, the people with something
// overdue a page at a time (DeadlineTasksRepository.peopleWithOpen), against what it read before,
// every overdue record a page at a time (notify/open-deadlines.ts), in the same run and on the same
// store: seconds, rows brought into the process and the longest stall of a 10 ms timer. Both must
// name the same people. Writes bench/results/weekly-digest.json (a store's run replaces its entry).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { DeadlineTasksRepository } from '../server/db/repositories/deadline-tasks.repository.js';
import { forEachOpenPage, yieldToLoop } from '../server/notify/open-deadlines.js';
import { configuredSeed } from '../server/store-seed.js';
import { buildCampus, campusSize } from './lib/campus-store.js';

const { values: args } = parseArgs({
  options: { students: { type: 'string', default: '10000' } },
});
const STUDENTS = Number(args.students);
const RESULTS = 'bench/results/weekly-digest.json';
/** People a statement, as the round reads them (server/notify/digest-planner.ts). */
const PEOPLE_A_PAGE = 500;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** `read`'s seconds and the longest gap between ticks of a 10 ms timer while it ran. */
async function timed<T>(read: () => Promise<T>) {
  let gap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const at = performance.now();
    gap = Math.max(gap, at - last);
    last = at;
  }, 10);
  const began = performance.now();
  const value = await read();
  const seconds = (performance.now() - began) / 1000;
  clearInterval(ticker);
  gap = Math.max(gap, performance.now() - last);
  return { value, seconds: round(seconds, 2), longestTimerGapMs: round(gap) };
}

const url = process.env.DATABASE_URL || undefined;
const schema = url ? `bench_weekly_${randomBytes(4).toString('hex')}` : undefined;
const dir = mkdtempSync(join(tmpdir(), 'bench-weekly-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'error',
  DATA_DIR: dir,
  CLIENT_DIR: '/nonexistent-client-dir',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
});
const now = new Date();
const database = await openDatabase({
  url,
  schema,
  dataDir: dir,
  sqliteFile: 'portal.sqlite',
  seed: configuredSeed(config, now),
});
try {
  const built = await buildCampus(database, campusSize(STUDENTS), now);
  if (database.dialect === 'postgres') await sql`ANALYZE`.execute(database.db);
  console.log(`built ${STUDENTS} students in ${round(built.buildSeconds)} s`);
  const deadlines = new DeadlineTasksRepository(database.db);
  const overdue = { at: now, upTo: now };

  // Before: every overdue record, a page at a time, its people gathered.
  const records = await timed(async () => {
    const people = new Set<number>();
    let rows = 0;
    await forEachOpenPage({ deadlineTasks: deadlines }, overdue, (page) => {
      rows += page.length;
      for (const row of page) people.add(row.userId);
    });
    return { people, rows };
  });
  // Now: the people, a page at a time (the round's read; its filter and job writing are the same as before).
  const people = await timed(async () => {
    const found = new Set<number>();
    let rows = 0;
    for (let afterUserId = 0; ;) {
      const page = await deadlines.peopleWithOpen(overdue, { afterUserId, limit: PEOPLE_A_PAGE });
      rows += page.length;
      for (const person of page) found.add(person.userId);
      // A turn of the event loop between pages, as the round takes.
      await yieldToLoop();
      if (page.length < PEOPLE_A_PAGE) break;
      afterUserId = page[page.length - 1]!.userId;
    }
    return { people: found, rows };
  });
  const same =
    records.value.people.size === people.value.people.size &&
    [...records.value.people].every((id) => people.value.people.has(id));
  if (!same) throw new Error('the two reads name different people');

  const result = {
    date: now.toISOString().slice(0, 10),
    students: STUDENTS,
    loadAverage: loadavg().map((n) => round(n, 2)),
    people: people.value.people.size,
    everyOverdueRecord: {
      seconds: records.seconds,
      rowsRead: records.value.rows,
      longestTimerGapMs: records.longestTimerGapMs,
    },
    thePeople: {
      seconds: people.seconds,
      rowsRead: people.value.rows,
      longestTimerGapMs: people.longestTimerGapMs,
    },
    ratio: round(people.seconds / records.seconds, 3),
  };
  console.log(JSON.stringify(result, null, 2));
  const store = database.dialect === 'sqlite' ? 'sqlite' : 'postgres';
  const all: Record<string, Record<string, unknown>> = existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, Record<string, unknown>>)
    : {};
  all[store] = { ...all[store], [String(STUDENTS)]: result };
  writeFileSync(RESULTS, `${JSON.stringify(all, null, 2)}\n`);
} finally {
  if (schema) await sql`DROP SCHEMA IF EXISTS ${sql.ref(schema)} CASCADE`.execute(database.db);
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
