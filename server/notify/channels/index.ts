import { channelSchema } from '../../../contract/channel.schema.js';
import type { Channel } from '../../../contract/channel.schema.js';
import type { JobKind } from '../kinds.js';
import type { Sender } from '../senders.js';
import type { ChannelDeps, ChannelModule } from './channel.js';
import { email } from './email.js';
import { push } from './push.js';
import { sms } from './sms.js';

/**
 * Every delivery channel, the one place a channel is listed: a `Record` over the contract's
 * `Channel` union, so a channel added there fails to compile until its module is here. The planners
 * ask each channel whom it reaches, the worker whether quiet hours hold it, and a job goes to its
 * channel's sender of its kind.
 */
export const CHANNELS: Readonly<Record<Channel, ChannelModule>> = { email, sms, push };

/** Each channel with its module, in the contract's order. */
export const eachChannel = (): Array<[Channel, ChannelModule]> =>
  channelSchema.options.map((channel) => [channel, CHANNELS[channel]]);

/** A job's channel module, or undefined for a channel this process does not know. */
export function channelOf(channel: string): ChannelModule | undefined {
  const parsed = channelSchema.safeParse(channel);
  return parsed.success ? CHANNELS[parsed.data] : undefined;
}

/** Every channel's senders by kind, built once from the plugin's mailer, texter and push keys. */
export function channelSenders(deps: ChannelDeps): Map<Channel, Partial<Record<JobKind, Sender>>> {
  return new Map(eachChannel().map(([channel, way]) => [channel, way.senders(deps)]));
}
