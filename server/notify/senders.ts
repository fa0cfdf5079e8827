import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import type { Outcome } from './worker.js';

export type Sender = (job: NotifyJob) => Promise<Outcome>;

/**
 * The sender of each kind of job, by the first part of its idempotency key (`reminder:…`,
 * `digest:…`, `message:…`); a job of a kind this process does not know is dropped, not retried.
 */
export function senderFor(senders: Record<string, Sender>): Sender {
  return async (job) => {
    const kind = job.idempotency_key.slice(0, job.idempotency_key.indexOf(':'));
    const send = Object.hasOwn(senders, kind) ? senders[kind] : undefined;
    return send ? send(job) : { state: 'dropped', reason: `no sender for ${kind || 'this job'}` };
  };
}

/** The sender of each channel of one kind of job (a message by email, text or push). */
export function byChannel(senders: Record<string, Sender>): Sender {
  return async (job) => {
    const send = Object.hasOwn(senders, job.channel) ? senders[job.channel] : undefined;
    return send ? send(job) : { state: 'dropped', reason: `no sender for ${job.channel}` };
  };
}
