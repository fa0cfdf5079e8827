import { z } from 'zod';
import type { Channel } from '../../contract/channel.schema.js';

/**
 * What a job is about, stored in its `kind` column (migration 039): a Next Steps deadline reminder,
 * a digest, a portal message's "also notify" (or a publisher's notice), a coursework reminder, an
 * appointment's reminder or an emergency alert. The worker hands a job to its channel (channels/), and the channel to its sender
 * of this kind.
 */
export const jobKindSchema = z.enum([
  'reminder',
  'digest',
  'message',
  'coursework',
  'appointment',
  'alert',
]);
export type JobKind = z.infer<typeof jobKindSchema>;

/** Which sender sends a job: its channel's (channels/) of its kind (senders.ts). */
export interface JobRoute {
  channel: Channel;
  kind: JobKind;
}

/**
 * A job's kind: its column, or, for a job a previous release's process wrote during a rolling
 * upgrade (no column yet), the first part of its key (`sms:reminder:…` is a reminder by text).
 */
export function kindOf(job: { kind: string | null; idempotency_key: string }): JobKind | undefined {
  const key = job.idempotency_key.replace(/^sms:/, '');
  const parsed = jobKindSchema.safeParse(job.kind ?? key.slice(0, key.indexOf(':')));
  return parsed.success ? parsed.data : undefined;
}
