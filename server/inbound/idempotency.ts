import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../db/repositories.js';
import { InboundRefusal } from './audience.js';

/** An idempotency record is kept this long (issue 60: 24 h). */
export const IDEMPOTENCY_MS = 24 * 3_600_000;

/**
 * This process, in the in-flight marks it holds (issue 71): random at start, with each call's own
 * part after it (`<process>/<call>`), so a mark says which process holds it and a call's renewals and
 * answer touch its own mark only.
 */
const PROCESS_ID = randomUUID();

/**
 * What an idempotency key is bound to: the call's method and address and its body as the contract
 * read it, hashed. The same key with another hash is another request (422).
 */
export const requestHash = (method: string, url: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body)}`)
    .digest('hex');

export type Answer = { status: number; body: unknown };

interface OnceCall {
  repos: Repositories;
  clock: () => Date;
  /** How long a silent holder keeps its mark (`INBOUND_LEASE_SECONDS`). */
  leaseMs: number;
  log: FastifyBaseLogger;
  publisherId: number;
  key: string;
  bodyHash: string;
}

/**
 * Runs a change once per idempotency key, and resolves to its answer: the same key and body answer
 * the first answer again, another body 422, a call in flight 409.
 *
 * A call in flight holds a lease on its mark and renews it every third of the lease while it runs,
 * so only a holder that stopped (its process killed or stuck) loses it: a retry after the lease
 * takes the mark over (one taker wins, the repository says how) and runs the call in its place
 * (`resumed`). The dead call may have written before it died: the item write and the stored answer
 * are not one transaction (a publish writes thousands of rows in chunks, yielding between them, and
 * on SQLite a transaction would hold the one connection, every other request, that long). Instead
 * each change is a replacement keyed by its `source_id` — the item, its message or task, its
 * recipients and its notices' own idempotency keys (enqueued once) — so running it again rewrites
 * what was written and adds nothing twice; the item keeps the key of the call that wrote it, so the
 * resumed call answers as the first would have (`replaced`, publish.ts).
 *
 * A refusal (InboundRefusal: scope, audience, category, kind) comes before anything is written, and
 * a body the contract refuses never reaches here: neither is kept, so a corrected retry with the
 * same key runs.
 */
export async function once(
  call: OnceCall,
  run: (resumed: boolean) => Promise<Answer>,
): Promise<Answer & { replayed?: true }> {
  const { repos, publisherId, key } = call;
  const owner = `${PROCESS_ID}/${randomUUID()}`;
  const hold = () => ({ owner, now: call.clock(), leaseMs: call.leaseMs });
  const claimed = await repos.inboundIdempotency.claim(
    publisherId,
    key,
    call.bodyHash,
    IDEMPOTENCY_MS,
    hold(),
  );
  if (claimed.outcome === 'kept') {
    const { record } = claimed;
    if (record.body_hash !== call.bodyHash)
      return refused(422, 'This Idempotency-Key was used with another request body.');
    if (record.state !== 'done' || record.status === null || record.answer === null)
      return refused(409, 'A call with this Idempotency-Key is still in flight.');
    return { status: record.status, body: JSON.parse(record.answer) as unknown, replayed: true };
  }
  const renewal = setInterval(
    () => {
      repos.inboundIdempotency.renew(publisherId, key, hold()).then(
        (own) => {
          if (!own) call.log.warn({ key }, 'An inbound call lost its Idempotency-Key mark');
        },
        (err: unknown) => call.log.warn({ err }, 'An inbound call could not renew its lease'),
      );
    },
    Math.max(1, Math.floor(call.leaseMs / 3)),
  );
  renewal.unref();
  try {
    let answer: Answer;
    try {
      answer = await run(claimed.outcome === 'resumed');
    } catch (error) {
      await repos.inboundIdempotency.release(publisherId, key, owner);
      if (!(error instanceof InboundRefusal)) throw error;
      return refused(error.statusCode, error.message);
    }
    const kept = await repos.inboundIdempotency.settle(
      publisherId,
      key,
      owner,
      answer.status,
      JSON.stringify(answer.body),
    );
    if (!kept) call.log.warn({ key }, 'An inbound call answered after its mark was taken over');
    return answer;
  } finally {
    clearInterval(renewal);
  }
}

const refused = (status: number, detail: string): Answer => ({ status, body: { detail } });
