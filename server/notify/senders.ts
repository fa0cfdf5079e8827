import { channelSchema } from '../../contract/channel.schema.js';
import type { Channel } from '../../contract/channel.schema.js';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import { kindOf } from './kinds.js';
import type { JobKind } from './kinds.js';
import type { Outcome } from './outcome.js';

export type Sender = (job: NotifyJob) => Promise<Outcome>;

/**
 * A job goes to its channel's sender of its kind (channels/index.ts `channelSenders`): the channel
 * column, then the kind column (migration 039). A job of a channel or kind this process does not
 * know, or a kind its channel does not carry, is dropped with the reason, not retried.
 */
export function senderFor(senders: ReadonlyMap<Channel, Partial<Record<JobKind, Sender>>>): Sender {
  return async (job) => {
    const kind = kindOf(job);
    const channel = channelSchema.safeParse(job.channel);
    const send = kind && channel.success ? senders.get(channel.data)?.[kind] : undefined;
    if (send) return send(job);
    return { state: 'dropped', reason: `no sender for ${kind ?? 'this job'} by ${job.channel}` };
  };
}
