// bench:campus's processes round, the notifications' part (campus-processes.ts): the same message
// and alert as bench:notify, sent by every process of the round, with the figures the issue asks for.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { insertMessage, insertPeople, middayShift } from './notify-people.js';
import { alertFeed } from './notify-sinks.js';
import { remoteSinks } from './notify-sinks-remote.js';
import type { Arrived } from './notify-sinks-remote.js';
import { startProcesses } from './portal-processes.js';
import type { Plan } from './processes-plan.js';
import { withSchema } from './processes-plan.js';

export const ALERT_TARGET_S = 60;
export const MESSAGE_TARGET_S = 120;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function notifyOnProcesses(plan: Plan, url: string, env: Record<string, string>) {
  const [sinks, feed] = await Promise.all([remoteSinks(), alertFeed()]);
  const dir = mkdtempSync(join(tmpdir(), 'bench-processes-'));
  const campusFile = join(dir, 'campus.json');
  writeFileSync(campusFile, JSON.stringify({ emergencyAlertsFeed: feed.url }));
  const notifyEnv = {
    ...env,
    CAMPUS_CONFIG: campusFile,
    SMTP_URL: `smtp://127.0.0.1:${sinks.smtpPort}`,
    MAIL_FROM: 'alerts@portal.example.edu',
    PUSH_SERVICE_HOSTS: `127.0.0.1:${sinks.pushPort}`,
    ...Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('NOTIFY_')),
    ),
  };
  const shiftMs = middayShift(loadConfig(notifyEnv).campus.timeZone);
  const clock = () => new Date(Date.now() + shiftMs);
  try {
    return await withSchema(url, notifyEnv, async (schema) => {
      const database = await openDatabase({ url, schema });
      const people = plan.students;
      await insertPeople(database, {
        people,
        pushPort: sinks.pushPort,
        now: clock(),
      });
      const rounds: Record<string, ReturnType<typeof tallied> & Record<string, unknown>> = {};
      try {
        for (const count of plan.counts) {
          feed.withdraw();
          await database.db.deleteFrom('notify_jobs').execute();
          await sinks.reset();
          const processes = await startProcesses(count, {
            env: {
              ...notifyEnv,
              REDIS_KEY_PREFIX: `portal-bench:${randomBytes(4).toString('hex')}:`,
            },
            schema,
            shiftMs,
            pushCa: sinks.cert,
          });
          try {
            const messageId = await insertMessage(database, clock());
            const loadBefore = loadavg();
            const started = Date.now();
            let alertAt = 0;
            const alertTimer = setTimeout(() => {
              alertAt = Date.now();
              feed.publish(`bench-alert-${count}`, clock());
            }, 3_000);
            const planned = await processes[0]!.announce(messageId);
            const planSeconds = (Date.now() - started) / 1000;
            const done = (a: Arrived) =>
              a.emails.size >= people && a.messages.size >= people && a.alerts.size >= people;
            while (
              !done(await sinks.arrived()) &&
              Date.now() - started < plan.giveUpSeconds * 1000
            ) {
              await sleep(500);
            }
            await sleep(2_000); // late duplicates
            clearTimeout(alertTimer);
            rounds[count] = {
              ...tallied(await sinks.arrived(), { people, started, alertAt, planned }),
              planSeconds: round(planSeconds),
              loadBefore,
              loadAfter: loadavg(),
            };
            console.log(`notify on ${count}`, JSON.stringify(rounds[count]));
          } finally {
            await Promise.all(processes.map((p) => p.close()));
          }
        }
      } finally {
        await database.close();
      }
      return rounds;
    });
  } finally {
    await sinks.close();
    feed.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One round's arrivals as the figures; what had not arrived is `missing`, not guessed. */
function tallied(
  { emails, alerts, messages }: Arrived,
  {
    people,
    started,
    alertAt,
    planned,
  }: { people: number; started: number; alertAt: number; planned: number },
) {
  const seconds = (last: number, from: number) => (last > 0 ? round((last - from) / 1000) : null);
  const all = emails.size >= people && messages.size >= people;
  const lastMessage = Math.max(emails.last, messages.last);
  return {
    jobsPlanned: planned,
    alertAllDeliveredSeconds: alerts.size >= people ? seconds(alerts.last, alertAt) : null,
    messageAllDeliveredSeconds: all ? seconds(lastMessage, started) : null,
    emailsPerSecond: emails.last ? round(emails.size / ((emails.last - started) / 1000)) : 0,
    pushesPerSecond: round(
      (messages.size + alerts.size) / ((Math.max(messages.last, alerts.last) - started) / 1000),
    ),
    received: { emails: emails.size, messagePushes: messages.size, alertPushes: alerts.size },
    missing: {
      emails: Math.max(0, people - emails.size),
      messagePushes: Math.max(0, people - messages.size),
      alertPushes: Math.max(0, people - alerts.size),
    },
    duplicates: emails.duplicates + messages.duplicates + alerts.duplicates,
    meets: {
      alert: alertAt > 0 && alerts.size >= people && alerts.last - alertAt <= ALERT_TARGET_S * 1000,
      message: all && lastMessage - started <= MESSAGE_TARGET_S * 1000,
    },
  };
}

/** Each count's figure as a multiple of one process's (the first count's), in the same run. */
