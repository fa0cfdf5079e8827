import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureSampleStudent } from '../../notify/sample-student.js';
import { OutageMemo, currentEmergencyAlerts } from '../../feeds/emergency-feed.js';
import { AlertPusher } from '../../notify/alert-push.js';
import { openPush } from '../../notify/push-keys.js';
import { PinnedAgents } from '../../notify/push-agents.js';
import { outboxMailer, smtpMailer } from '../../notify/mailer.js';
import { planReminders } from '../../notify/reminder-planner.js';
import { COURSEWORK_LEAD_DAYS, planCourseworkReminders } from '../../notify/coursework-planner.js';
import { planAppointmentReminders } from '../../notify/appointment-planner.js';
import { devicesOfUsers } from '../../notify/push-plan.js';
import { DEFAULT_QUIET_HOURS } from '../../notify/quiet-hours.js';
import { outboxTexter, twilioTexter } from '../../notify/texter.js';
import type { ReminderRules } from '../../notify/planner.js';
import { planDailyDigests, planWeeklyDigests } from '../../notify/digest-planner.js';
import type { DigestRules } from '../../notify/digest-planner.js';
import { senderFor } from '../../notify/senders.js';
import { channelSenders } from '../../notify/channels/index.js';
import { planMessage } from '../../notify/message-planner.js';
import { TOPICS } from '../../notify/topics.js';
import { UnsubscribeTokens } from '../../notify/unsubscribe.js';
import type { NotifyOptions } from '../../notify/notify.js';
import { NotifyWorker } from '../../notify/worker.js';

/** How old a copy of the alert feed the alert pushes may read: well inside their minute. */
const ALERT_FEED_FRESH_MS = 5_000;

/**
 * Reminders (issue 29, part 1): the durable schedule in the store, the planner that fills it with
 * Next Steps deadline reminders, one worker per process that sends them, by SMTP when SMTP_URL is set
 * and to the outbox otherwise.
 */
export default fp(
  async function notify(app: FastifyInstance, appOptions: { notify?: NotifyOptions }) {
    const opts = appOptions.notify ?? {};
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
    const pushOptions = {
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
    };
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
      productNames: { en: config.campuses.en.productName, es: config.campuses.es.productName },
      repos,
      mailer,
      texter,
      tokens,
      clock: app.clock,
      publicOrigin: config.publicOrigin,
      timeZone,
      rules,
    };
    // Each job to its channel's sender of its kind (channels/: email, text, web push).
    const send = senderFor(channelSenders({ sender: senderOptions, push: pushOptions }));
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
    const plannedWeeks = new Set<string>();
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
        (await planAppointmentReminders(
          repos,
          jobs,
          now,
          { ...rules, eveningHour: reminders.eveningHour },
          (userIds) => devicesOfUsers(devices, userIds),
        )) +
        (await planWeeklyDigests(repos, jobs, now, digestRules, plannedWeeks)) +
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
        const sending = opts.run && !config.notify.paused;
        const kick = () => (sending ? worker.kick() : undefined);
        const added = await planMessage(
          repos,
          jobs,
          messageId,
          audience,
          app.clock(),
          'messages',
          undefined,
          kick,
        );
        kick();
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
    let planningRound = false;
    const planRound = () => {
      // A round still reading (a large campus's Monday) is not joined by a second one.
      if (planningRound) return;
      planningRound = true;
      planning = (async () => {
        if (config.demoSignIn && !config.sis.baseUrl) await ensureSampleStudent(app);
        const added = await plan();
        if (added > 0) app.log.info({ added }, 'planned reminders');
      })()
        .catch((err: unknown) => app.log.warn({ err }, 'planning reminders failed'))
        .finally(() => (planningRound = false));
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
