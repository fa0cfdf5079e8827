import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:https';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { NotifyOutboxRepository } from '../db/repositories/notify-outbox.repository.js';
import { findPersona } from '../sis/personas.js';
import { OutageMemo, currentEmergencyAlerts } from '../feeds/emergency-feed.js';
import { AlertPusher } from './alert-push.js';
import { openPush } from './push-keys.js';
import { PinnedAgents } from './push-agents.js';
import { pushSender } from './push-sender.js';
import { outboxMailer, smtpMailer } from './mailer.js';
import type { Mailer } from './mailer.js';
import { planReminders } from './planner.js';
import { COURSEWORK_LEAD_DAYS, planCourseworkReminders } from './coursework-planner.js';
import { courseworkSender } from './coursework-sender.js';
import { devicesOfUsers } from './push-plan.js';
import { DEFAULT_QUIET_HOURS } from './quiet-hours.js';
import { reminderSender } from './reminder-sender.js';
import { outboxTexter, twilioTexter } from './texter.js';
import type { Texter } from './texter.js';
import type { ReminderRules } from './planner.js';
import { planDailyDigests, planWeeklyDigests } from './digest-planner.js';
import type { DigestRules } from './digest-planner.js';
import { digestSender } from './digest-sender.js';
import { byChannel, senderFor } from './senders.js';
import { messageEmailSender, messageTextSender } from './message-sender.js';
import { planMessage } from './message-planner.js';
import type { MessageAudience } from './message-planner.js';
import { TOPICS } from './topics.js';
import type { Topic } from './topics.js';
import { UnsubscribeTokens } from './unsubscribe.js';
import { NotifyWorker } from './worker.js';

/** How old a copy of the alert feed the alert pushes may read: well inside their minute. */
const ALERT_FEED_FRESH_MS = 5_000;

export interface NotifyOptions {
  /** Runs the planner and the worker in this process (server.ts; tests call `plan`/`tick` instead). */
  run?: boolean;
  /** Overrides the configured SMTP server or outbox (tests). */
  mailer?: Mailer;
  /** Overrides the configured text-message provider or outbox (tests). */
  texter?: Texter;
  /**
   * How often the worker reads the alert feed and looks for due jobs (retries, jobs another process
   * wrote), and the planner for reminders to write.
   */
  pollMs?: number;
  planMs?: number;
  /** The first planner round's wait after the server is ready. */
  firstPlanMs?: number;
  backoffMs?: number;
  /**
   * TLS settings for web push, taken from this agent's options (tests trust their local push
   * service's certificate with it); each connection is still pinned to the address checked.
   */
  pushAgent?: Agent;
}

export interface Notify {
  jobs: NotifyJobsRepository;
  outbox: NotifyOutboxRepository;
  mailer: Mailer;
  texter: Texter;
  tokens: UnsubscribeTokens;
  /** One planner round: enqueues the reminders and digests due; resolves to how many were added. */
  plan: () => Promise<number>;
  /** "Also notify": plans a portal message's jobs for its recipients on every channel; resolves to how many. */
  announce: (messageId: number, audience: MessageAudience) => Promise<number>;
  /** One worker round: sends the due jobs; resolves to how many it handled. */
  tick: () => Promise<number>;
  /** Stops a topic for a person (the unsubscribe link); false when nothing was chosen to stop. */
  unsubscribe: (userId: number, topic: Topic) => Promise<boolean>;
  /** Web push: the VAPID public key devices subscribe with. */
  pushKey: string;
  /** One round of emergency alerts by push: enqueues each new alert for each device; resolves to the jobs added. */
  pushAlerts: () => Promise<number>;
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
    const { config, repositories: repos } = app;
    const { notifyJobs: jobs, notifyOutbox: outbox } = app.repositories;
    const tokens = await UnsubscribeTokens.open(app.repositories.notifyKeys, config.sessionSecret, {
      clock: app.clock,
      maxAgeDays: config.mail.unsubscribeLinkDays,
    });
    const { mail } = config;
    const mailer =
      opts.mailer ??
      (mail.smtpUrl
        ? smtpMailer({
            url: mail.smtpUrl,
            from: mail.from,
            poolSize: mail.poolSize,
            ca: mail.ca?.pems,
            log: app.log,
          })
        : outboxMailer(outbox, app.log));
    const { timeZone, productName, phone, reminders } = config.campus;
    const rules: ReminderRules = {
      zone: timeZone,
      offsets: reminders.offsets,
      morningHour: reminders.morningHour,
    };
    const twilio = config.sms.twilio;
    const texter =
      opts.texter ??
      (twilio
        ? twilioTexter({
            ...twilio,
            timeoutMs: config.sms.timeoutMs,
            defaultCountry: phone.defaultCountry,
          })
        : outboxTexter(outbox));
    const devices = app.repositories.pushSubscriptions;
    const vapid = await openPush(devices, config.push.vapid);
    const pushAgents = new PinnedAgents(opts.pushAgent?.options);
    const sendPush = pushSender({
      repos,
      subscriptions: devices,
      vapid,
      subject: config.push.subject,
      clock: app.clock,
      timeZone,
      productName,
      defaultOffsets: reminders.offsets,
      hosts: config.push.serviceHosts,
      timeoutMs: config.push.timeoutMs,
      agents: pushAgents,
    });
    const alertPusher = new AlertPusher(jobs, devices);
    const alertOutage = new OutageMemo();
    const pushAlerts = async () => {
      const current = await currentEmergencyAlerts({
        url: config.campus.emergencyAlertsFeed,
        timeoutMs: config.feeds.timeoutMs,
        cache: app.cache,
        clock: app.clock,
        campus: config.campus,
        log: app.log,
        outage: alertOutage,
        // An alert's pushes are handed over within a minute of it: read the feed at each poll.
        freshMs: ALERT_FEED_FRESH_MS,
        onRead: (outcome) => app.metrics.feedRead('rave-messages', outcome, app.clock()),
      });
      return current.checked ? alertPusher.plan(current.alerts, app.clock()) : 0;
    };
    const senderOptions = {
      repos,
      mailer,
      texter,
      tokens,
      clock: app.clock,
      publicOrigin: config.publicOrigin,
      timeZone,
      productName,
      rules,
    };
    const sendReminder = reminderSender(senderOptions);
    const sendCoursework = courseworkSender(senderOptions);
    // Each job by its kind (its key's first part), then by channel where a kind has several.
    const send = senderFor({
      reminder: byChannel({ email: sendReminder, push: sendPush }),
      sms: sendReminder,
      alert: sendPush,
      digest: digestSender(senderOptions),
      // "Also notify", by channel (channels.ts MESSAGE_CHANNELS).
      // Coursework due dates (issue 45), by channel.
      coursework: byChannel({ email: sendCoursework, sms: sendCoursework, push: sendPush }),
      message: byChannel({
        email: messageEmailSender(senderOptions),
        sms: messageTextSender(senderOptions),
        push: sendPush,
      }),
    });
    const worker = new NotifyWorker({
      jobs,
      send,
      clock: app.clock,
      id: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      ...config.notify,
      backoffMs: opts.backoffMs ?? 60_000,
      maxBackoffMs: 6 * 3_600_000,
      maxAttempts: 8,
      quiet: {
        timeZone,
        of: async (userId) =>
          (await app.repositories.preferences.quietHours(userId)) ?? DEFAULT_QUIET_HOURS,
      },
      onError: (err, job) =>
        job
          ? app.log.warn({ err, job: job.id, attempt: job.attempts }, 'a notification failed')
          : app.log.warn({ err }, 'claiming notifications failed'),
    });
    const digestRules: DigestRules = { ...rules, weekly: reminders.weeklyDigest };
    /** One planner round: each kind of job, in turn; resolves to how many were added. */
    const plan = async () => {
      const now = app.clock();
      return (
        (await planReminders(repos, jobs, now, rules, (userIds) =>
          devicesOfUsers(devices, userIds),
        )) +
        (await planCourseworkReminders(
          repos,
          jobs,
          now,
          { ...rules, courseworkDays: COURSEWORK_LEAD_DAYS },
          (userIds) => devicesOfUsers(devices, userIds),
        )) +
        (await planWeeklyDigests(repos, jobs, now, digestRules)) +
        (await planDailyDigests(repos, jobs, now, rules))
      );
    };
    app.metrics.watchNotifyQueue(() => jobs.oldestDue(app.clock()), app.clock);
    app.decorate('notify', {
      jobs,
      outbox,
      mailer,
      texter,
      tokens,
      plan,
      announce: async (messageId, audience) => {
        const added = await planMessage(repos, jobs, messageId, audience, app.clock());
        if (opts.run && !config.notify.paused) worker.kick();
        return added;
      },
      tick: () => worker.tick(),
      pushKey: vapid.publicKey,
      pushAlerts,
      unsubscribe: async (userId, topic) => {
        const typeId = await repos.deadlineTasks.notificationTypeId(TOPICS[topic].notificationType);
        const chosen = await app.repositories.nextStepsProfile.preference(userId);
        if (typeId === undefined || !chosen?.notifications.includes(typeId)) return false;
        return app.repositories.nextStepsProfile.setPreference(userId, {
          notifications: chosen.notifications.filter((id) => id !== typeId),
        });
      },
    });
    app.addHook('onClose', async () => {
      pushAgents.close();
      await mailer.close();
    });
    if (!opts.run) return;
    if (config.notify.paused) {
      app.log.warn(
        'NOTIFY_PAUSED=1: no reminder, digest, message or alert is sent by this process',
      );
      return;
    }

    const timers: NodeJS.Timeout[] = [];
    let planning: Promise<unknown> = Promise.resolve();
    const planRound = () => {
      planning = (async () => {
        if (config.demoSignIn && !config.sis.baseUrl) await ensureSampleStudent(app);
        const added = await plan();
        if (added > 0) app.log.info({ added }, 'planned reminders');
      })().catch((err: unknown) => app.log.warn({ err }, 'planning reminders failed'));
    };
    // The pool claims again as sends settle; the poll adds alert pushes and finds due retries.
    const tickRound = () =>
      void pushAlerts()
        .catch((err: unknown) => app.log.warn({ err }, 'planning alert pushes failed'))
        .then(() => worker.kick());
    app.addHook('onReady', async () => {
      timers.push(setTimeout(planRound, opts.firstPlanMs ?? 2_000).unref());
      timers.push(setInterval(planRound, opts.planMs ?? 300_000).unref());
      timers.push(setInterval(tickRound, opts.pollMs ?? 5_000).unref());
      worker.start();
    });
    app.addHook('preClose', async () => {
      for (const t of timers) clearTimeout(t);
      await planning;
      // Within Fastify's close timeout: a send that hangs is claimed again after its lease.
      await worker.stop(5_000);
    });
  },
  { name: 'notify', dependencies: ['repositories', 'next-steps', 'cache'] },
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
