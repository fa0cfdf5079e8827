import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { NotifyOutboxRepository } from '../db/repositories/notify-outbox.repository.js';
import { findPersona } from '../sis/personas.js';
import { outboxMailer, smtpMailer } from './mailer.js';
import type { Mailer } from './mailer.js';
import { notificationTypeId, planReminders } from './planner.js';
import { reminderSender } from './reminder-sender.js';
import { TOPICS } from './topics.js';
import type { Topic } from './topics.js';
import { UnsubscribeTokens } from './unsubscribe.js';
import { NotifyWorker } from './worker.js';

export interface NotifyOptions {
  /** Runs the planner and the worker in this process (server.ts; tests call `plan`/`tick` instead). */
  run?: boolean;
  /** Overrides the configured SMTP server or outbox (tests). */
  mailer?: Mailer;
  /** How often the worker looks for due jobs, and the planner for reminders to write. */
  pollMs?: number;
  planMs?: number;
  /** The first planner round's wait after the server is ready. */
  firstPlanMs?: number;
  leaseMs?: number;
  backoffMs?: number;
}

export interface Notify {
  jobs: NotifyJobsRepository;
  outbox: NotifyOutboxRepository;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  /** One planner round: enqueues the reminders due; resolves to how many were added. */
  plan: () => Promise<number>;
  /** One worker round: sends the due jobs; resolves to how many it handled. */
  tick: () => Promise<number>;
  /** Stops a topic for a person (the unsubscribe link); false when nothing was chosen to stop. */
  unsubscribe: (userId: number, topic: Topic) => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notify: Notify;
  }
}

/**
 * Reminders (issue 29, part 1): the durable schedule in the store, the planner that fills it with
 * Next Steps deadline reminders, one worker per process that sends them, by SMTP when SMTP_URL is set
 * and to the outbox otherwise.
 */
export default fp(
  async function notify(app: FastifyInstance, opts: NotifyOptions) {
    const { config, database } = app;
    const { notifyJobs: jobs, notifyOutbox: outbox } = app.repositories;
    const tokens = await UnsubscribeTokens.open(database.db, config.sessionSecret);
    const mailer =
      opts.mailer ??
      (config.mail.smtpUrl
        ? smtpMailer(config.mail.smtpUrl, config.mail.from)
        : outboxMailer(outbox));
    const { timeZone, productName } = config.campus;
    const worker = new NotifyWorker({
      jobs,
      send: reminderSender({
        db: database.db,
        mailer,
        tokens,
        clock: app.clock,
        publicOrigin: config.publicOrigin,
        timeZone,
        productName,
      }),
      clock: app.clock,
      id: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      leaseMs: opts.leaseMs ?? 120_000,
      batch: 20,
      backoffMs: opts.backoffMs ?? 60_000,
      maxBackoffMs: 6 * 3_600_000,
      maxAttempts: 8,
      onError: (err, job) =>
        app.log.warn({ err, job: job.id, attempt: job.attempts }, 'a notification failed'),
    });
    const plan = () => planReminders(database.db, jobs, app.clock(), timeZone);
    app.decorate('notify', {
      jobs,
      outbox,
      mailer,
      tokens,
      plan,
      tick: () => worker.tick(),
      unsubscribe: async (userId, topic) => {
        const typeId = await notificationTypeId(database.db, TOPICS[topic].notificationType);
        const chosen = await app.repositories.nextStepsProfile.preference(userId);
        if (typeId === undefined || !chosen?.notifications.includes(typeId)) return false;
        return app.repositories.nextStepsProfile.setPreference(userId, {
          notifications: chosen.notifications.filter((id) => id !== typeId),
        });
      },
    });
    app.addHook('onClose', async () => mailer.close());
    if (!opts.run) return;

    const timers: NodeJS.Timeout[] = [];
    let planning: Promise<unknown> = Promise.resolve();
    const planRound = () => {
      planning = (async () => {
        if (config.demoSignIn && !config.sis.baseUrl) await ensureSampleStudent(app);
        const added = await plan();
        if (added > 0) app.log.info({ added }, 'planned reminders');
      })().catch((err: unknown) => app.log.warn({ err }, 'planning reminders failed'));
    };
    const tickRound = () =>
      void worker.tick().catch((err: unknown) => app.log.warn({ err }, 'sending reminders failed'));
    app.addHook('onReady', async () => {
      timers.push(setTimeout(planRound, opts.firstPlanMs ?? 2_000).unref());
      timers.push(setInterval(planRound, opts.planMs ?? 300_000).unref());
      timers.push(setInterval(tickRound, opts.pollMs ?? 10_000).unref());
    });
    app.addHook('preClose', async () => {
      for (const t of timers) clearTimeout(t);
      await planning;
      await worker.stop();
    });
  },
  { name: 'notify', dependencies: ['repositories', 'next-steps'] },
);

/**
 * The embedded default shows reminders at once: the sample student has a record before anyone signs
 * in (as their first sign-in would make it), so their due-soon sample tasks reach the outbox.
 */
async function ensureSampleStudent(app: FastifyInstance): Promise<void> {
  const persona = findPersona('student');
  if (await app.repositories.users.findByUsername(persona.username)) return;
  const user = await app.repositories.users.upsertFromPersona(persona, app.clock());
  await app.nextSteps.prepare(user);
}
