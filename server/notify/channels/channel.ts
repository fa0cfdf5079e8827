import type { Repositories } from '../../db/repositories.js';
import type { JobKind } from '../kinds.js';
import type { PushSenderOptions } from '../push-sender.js';
import type { SenderOptions } from '../reminder-sender.js';
import type { Sender } from '../senders.js';
import type { Contact } from './consent.js';
import type { Target } from './target.js';

/** A device a person turned web push on for. */
export interface Device {
  id: number;
  user_id: number;
}

/** What the channels' senders are built from: the notify plugin's mailer, texter, push keys… */
export interface ChannelDeps {
  sender: SenderOptions;
  push: PushSenderOptions;
}

/**
 * One delivery channel (`Channel`, contract/channel.schema.ts): whom it reaches and with whose
 * consent, whether quiet hours hold it, and its senders. Where a send goes (the worker's cap per
 * destination) is the channel's name, or a device's push service for a device's job
 * (db/notify-lanes.ts).
 */
export interface ChannelModule {
  /** The consent rule (portal.md §3): why a person may not be reached by it, or null. */
  refusal(contact: Contact): string | null;
  /** Of `userIds`, the people (or their devices) it reaches now ("also notify", notices). */
  reaches(repos: Repositories, userIds: readonly number[]): Promise<Target[]>;
  /** A planner's row: the person's targets on it, by their contact and their devices. */
  targets(userId: number, contact: Contact, devices: readonly Device[]): Target[];
  /** Whether quiet hours hold its jobs (quiet-hours.ts; an emergency alert is never held). */
  quietHours: boolean;
  /** Whether the daily digest (an email) gathers its deadline reminders for those who chose it. */
  inDailyDigest: boolean;
  /** Its sender of each kind of job it carries; a job of another kind is dropped. */
  senders(deps: ChannelDeps): Partial<Record<JobKind, Sender>>;
}
