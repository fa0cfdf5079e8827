import type { Agent } from 'node:https';
import type { NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import type { NotifyOutboxRepository } from '../db/repositories/notify-outbox.repository.js';
import type { Mailer } from './mailer.js';
import type { MessageAudience } from './message-planner.js';
import type { Texter } from './texter.js';
import type { Topic } from './topics.js';
import type { UnsubscribeTokens } from './unsubscribe.js';

/** What the notify plugin (plugins/app/notify.ts) is given, and what it decorates the app with. */
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
