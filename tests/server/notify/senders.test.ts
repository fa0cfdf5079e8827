import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../contract/channel.schema.js';
import type { NotifyJob } from '../../../server/db/repositories/notify-jobs.repository.js';
import type { JobKind } from '../../../server/notify/kinds.js';
import { senderFor } from '../../../server/notify/senders.js';
import type { Sender } from '../../../server/notify/senders.js';

const job = (key: string, channel: string, kind: string | null): NotifyJob => ({
  id: 1,
  idempotency_key: key,
  channel,
  kind,
  topic: 'deadlines',
  user_id: 1,
  payload: '{}',
  run_at: '2026-11-26T12:00:00.000Z',
  state: 'running',
  attempts: 1,
  last_error: null,
  locked_by: 'w',
  locked_until: null,
  created_at: '2026-11-26T12:00:00.000Z',
  finished_at: null,
  message_id: null,
  priority: 0,
  destination: null,
});

/** Senders that say who they are, as the dropped reason. */
const named =
  (name: string): Sender =>
  async () => ({ state: 'dropped', reason: name });
const senders = new Map<Channel, Partial<Record<JobKind, Sender>>>([
  ['email', { reminder: named('email reminder'), digest: named('email digest') }],
  ['sms', { reminder: named('text reminder') }],
  ['push', { alert: named('push alert'), message: named('push message') }],
]);
const send = senderFor(senders);
const reason = async (j: NotifyJob) => {
  const outcome = await send(j);
  return outcome.state === 'dropped' ? outcome.reason : 'sent';
};

describe('a job goes to its channel’s sender of its kind (migration 039)', () => {
  it('the kind column decides, not the key’s first part', async () => {
    expect(await reason(job('reminder:1:3:x', 'email', 'digest'))).toBe('email digest');
    expect(await reason(job('alert:a:push:1', 'push', 'message'))).toBe('push message');
  });

  it('a job a previous release wrote without a kind goes by its key: sms:reminder:… is a reminder by text', async () => {
    expect(await reason(job('sms:reminder:1:3:x', 'sms', null))).toBe('text reminder');
    expect(await reason(job('alert:a:push:1', 'push', null))).toBe('push alert');
  });

  it('a kind its channel does not carry, a channel or a kind this process does not know, is dropped with the reason', async () => {
    expect(await reason(job('digest:daily:1:d', 'sms', 'digest'))).toBe(
      'no sender for digest by sms',
    );
    expect(await reason(job('reminder:1', 'pager', 'reminder'))).toBe(
      'no sender for reminder by pager',
    );
    expect(await reason(job('poll:1', 'email', null))).toBe('no sender for this job by email');
  });
});
