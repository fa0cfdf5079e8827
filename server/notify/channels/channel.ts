import type { Channel } from '../../../contract/channel.schema.js';
import type { Repositories } from '../../db/repositories.js';
import type { JobKind } from '../kinds.js';
import type { PushSenderOptions } from '../push-sender.js';
import type { SenderOptions } from '../reminder-sender.js';
import type { Sender } from '../senders.js';

/** Whom a channel reaches: a person, and for a channel of devices (web push) one of their devices. */
export interface Target {
  userId: number;
  /** The device (`push_subscriptions.id`) of a device's target; absent for a person's. */
  subscriptionId?: number;
}

/**
 * A person's contact choices as a planner's or a sender's row reads them (portal.md §3). A field a
 * row does not read is left out (undefined): the planners read no email address, so the address is
 * judged at send.
 */
export interface Contact {
  /** `contact_by_email`: 0 is off; anything else, no preferences row included, is on. */
  byEmail?: number | null;
  email?: string | null;
  /** `contact_by_text`: only 1 is on (no preferences row: off). */
  byText?: number | null;
  smsNumber?: string | null;
}

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

/** The idempotency key's channel part: the channel, and a device's id (`push:12`). */
export const keyPart = (channel: Channel, target: Target): string =>
  target.subscriptionId === undefined ? channel : `${channel}:${target.subscriptionId}`;

/**
 * A job's payload for a target: a device's job names its device and its kind (the push sender reads
 * both from the payload); a person's is the payload as it is.
 */
export const payloadFor = (
  payload: Record<string, unknown>,
  kind: JobKind,
  target: Target,
): Record<string, unknown> =>
  target.subscriptionId === undefined
    ? payload
    : { ...payload, kind, subscriptionId: target.subscriptionId };
