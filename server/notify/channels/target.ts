import type { Channel } from '../../../contract/channel.schema.js';
import type { JobKind } from '../kinds.js';

/** Whom a channel reaches: a person, and for a channel of devices (web push) one of their devices. */
export interface Target {
  userId: number;
  /** The device (`push_subscriptions.id`) of a device's target; absent for a person's. */
  subscriptionId?: number;
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
