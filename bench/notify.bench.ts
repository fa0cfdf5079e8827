// Notification delivery at campus scale (issue 40): BENCH_NOTIFY_PEOPLE people (30,000 by default)
// in the default SQLite store, each with one push device at a local push sink; one staff message
// "also notify" to everyone (email and push) and one emergency alert while it goes out; a local SMTP
// sink; and 100 devices at a tarpit (accepts TCP, never answers). The whole server runs in this
// process with its worker pool. Measures when every alert push and every email and push of the
// message arrived, the rates, duplicates and lost, then the same without the tarpit devices, then the
// alert alone (with the tarpit, no message). BENCH_NOTIFY_RUNS picks runs (`tarpit,clear,alone`).
// Writes bench/results/notify.json (BENCH_NOTIFY_OUT: elsewhere).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { configuredSeed } from '../server/store-seed.js';
import { insertMessage, insertPeople, middayShift } from './lib/notify-people.js';
import { alertFeed } from './lib/notify-sinks.js';
import { remoteSinks } from './lib/notify-sinks-remote.js';
import type { Arrived } from './lib/notify-sinks-remote.js';

const PEOPLE = Number(process.env.BENCH_NOTIFY_PEOPLE ?? 30_000);
const TARPIT_DEVICES = 100;
const ALERT_TARGET_S = 60;
const MESSAGE_TARGET_S = 300;
/** Waits this long past the message's target before counting the rest as lost. */
const GIVE_UP_S = MESSAGE_TARGET_S + 60;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Run = 'tarpit' | 'clear' | 'alone';
const RUNS = (process.env.BENCH_NOTIFY_RUNS ?? 'tarpit,clear,alone').split(',') as Run[];

async function run(withTarpit: boolean, withMessage = true) {
  // The sinks run in a process of their own, as the relay and the push service would elsewhere.
  const [sinks, feed] = await Promise.all([remoteSinks(), alertFeed()]);
  const dir = mkdtempSync(join(tmpdir(), 'bench-notify-'));
  const campusFile = join(dir, 'campus.json');
  writeFileSync(campusFile, JSON.stringify({ emergencyAlertsFeed: feed.url }));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dir,
    CLIENT_DIR: '/nonexistent-client-dir',
    CAMPUS_CONFIG: campusFile,
    SMTP_URL: `smtp://127.0.0.1:${sinks.smtpPort}`,
    MAIL_FROM: 'alerts@portal.example.edu',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    PUSH_SERVICE_HOSTS: `127.0.0.1:${sinks.pushPort},127.0.0.1:${sinks.tarpitPort}`,
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('NOTIFY_'))),
  });
  // A first start seeds the sample content (jsdom, once), as a deployment's first process does.
  const first = await openDatabase({
    sqliteFile: 'portal.sqlite',
    dataDir: dir,
    seed: configuredSeed(config),
  });
  await first.close();
  const database = await openDatabase({ sqliteFile: 'portal.sqlite', dataDir: dir });
  const shift = middayShift(config.campus.timeZone);
  const clock = () => new Date(Date.now() + shift);
  // The store's migrations run at open; the people and devices go in directly.
  await insertPeople(database, {
    people: PEOPLE,
    pushPort: sinks.pushPort,
    tarpit: withTarpit ? { port: sinks.tarpitPort, devices: TARPIT_DEVICES } : undefined,
    now: clock(),
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    clock,
    notify: { run: true, pushAgent: sinks.agent, firstPlanMs: 3_600_000 },
  });
  await app.ready();
  const messageId = await insertMessage(database, clock());

  const started = Date.now();
  let alertAt = 0;
  // The alert comes three seconds into the message: its pushes queue behind nothing.
  const alertTimer = setTimeout(() => {
    alertAt = Date.now();
    feed.publish('bench-alert', clock());
  }, 3_000);
  const planned = withMessage ? await app.notify.announce(messageId, { audience: 'everyone' }) : 0;
  const plannedSeconds = (Date.now() - started) / 1000;
  const expected = withMessage ? PEOPLE : 0;
  const done = (a: Arrived) =>
    a.emails.size >= expected && a.messages.size >= expected && a.alerts.size >= PEOPLE;
  while (!done(await sinks.arrived()) && Date.now() - started < GIVE_UP_S * 1000) {
    await sleep(500);
  }
  await sleep(2_000); // late duplicates
  const { emails, alerts, messages } = await sinks.arrived();
  clearTimeout(alertTimer);
  const states = await database.db
    .selectFrom('notify_jobs')
    .select(['state', 'destination', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['state', 'destination'])
    .execute();
  await app.close();
  await sinks.close();
  feed.close();
  rmSync(dir, { recursive: true, force: true });

  const lastMessage = Math.max(emails.last, messages.last);
  const lost =
    Math.max(0, expected - emails.size) +
    Math.max(0, expected - messages.size) +
    Math.max(0, PEOPLE - alerts.size);
  const pushes = messages.size + alerts.size;
  return {
    tarpitDevices: withTarpit ? TARPIT_DEVICES : 0,
    withMessage,
    jobsPlanned: planned,
    planSeconds: round(plannedSeconds),
    alertAllDeliveredSeconds: alertAt ? round((alerts.last - alertAt) / 1000) : null,
    messageAllDeliveredSeconds: withMessage ? round((lastMessage - started) / 1000) : null,
    emailsPerSecond: withMessage ? round(emails.size / ((emails.last - started) / 1000)) : null,
    pushesPerSecond: round(pushes / ((Math.max(messages.last, alerts.last) - started) / 1000)),
    duplicates: emails.duplicates + messages.duplicates + alerts.duplicates,
    lost,
    received: {
      emails: emails.size,
      messagePushes: messages.size,
      alertPushes: alerts.size,
    },
    jobs: states.map((s) => ({ state: s.state, destination: s.destination, n: Number(s.n) })),
    meets: {
      alert: alertAt > 0 && alerts.size >= PEOPLE && alerts.last - alertAt <= ALERT_TARGET_S * 1000,
      message: lost === 0 && (!withMessage || lastMessage - started <= MESSAGE_TARGET_S * 1000),
    },
  };
}

async function main() {
  const loadBefore = loadavg();
  const runs: Partial<Record<Run, Awaited<ReturnType<typeof run>>>> = {};
  for (const which of RUNS) {
    runs[which] = await run(which !== 'clear', which !== 'alone');
    console.log(which, JSON.stringify(runs[which]));
  }
  const { tarpit: withTarpits, clear: withoutTarpits, alone: alertAlone } = runs;
  const result = {
    recipients: PEOPLE,
    store: 'SQLite (the default embedded store, a file in a temporary folder, WAL)',
    ...withTarpits,
    withoutTarpits,
    alertAlone,
    settings: Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k.startsWith('NOTIFY_')),
    ),
    machine: { cpus: cpus().length, loadBefore, loadAfter: loadavg(), node: process.version },
    measuredAt: new Date().toISOString(),
  };
  const out = process.env.BENCH_NOTIFY_OUT ?? 'bench/results/notify.json';
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    JSON.stringify(
      {
        ...result,
        jobs: undefined,
        withoutTarpits: withoutTarpits && { ...withoutTarpits, jobs: undefined },
        alertAlone: alertAlone && { ...alertAlone, jobs: undefined },
      },
      null,
      2,
    ),
  );
}

await main();
