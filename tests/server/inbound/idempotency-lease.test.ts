import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inboundItemSchema } from '../../../contract/inbound.schema.js';
import { IDEMPOTENCY_MS, requestHash } from '../../../server/inbound/idempotency.js';
import { signIn } from '../helpers/app.js';
import { bearer, inboundApp, publisherWithKey, taskFor } from './inbound-helpers.js';

const ITEMS = '/api/inbound/v1/items';
const LEASE_MS = 30_000;
const START = new Date('2030-01-01T00:00:00Z');

const message = {
  kind: 'message',
  source_id: 'refund-ready',
  audience: { users: ['avalencia'] },
  title: 'Your refund is ready',
  body: 'It is on its way.',
  channels: ['email'],
};

describe('an inbound call killed in flight: its Idempotency-Key is held for a lease, not a day', () => {
  let app: FastifyInstance;
  let now: Date;
  let publisherId: number;
  let key: string;
  afterEach(async () => {
    vi.restoreAllMocks();
    await app.close();
  });

  const setUp = async () => {
    now = START;
    app = await inboundApp({ clock: () => now });
    await signIn(app, 'student');
    ({ id: publisherId, key } = await publisherWithKey(app));
  };
  const post = (target: FastifyInstance, payload: unknown, idem: string) =>
    target.inject({
      method: 'POST',
      url: ITEMS,
      headers: { ...bearer(key), 'idempotency-key': idem },
      payload: payload as object,
    });
  /** The mark a process left when it was killed `ago` ms after claiming the key. */
  const deadMark = async (idem: string, body: unknown, ago: number) => {
    const hash = requestHash('POST', ITEMS, inboundItemSchema.parse(body));
    const hold = {
      owner: 'killed-process/call',
      now: new Date(now.getTime() - ago),
      leaseMs: LEASE_MS,
    };
    expect(
      await app.repositories.inboundIdempotency.claim(
        publisherId,
        idem,
        hash,
        IDEMPOTENCY_MS,
        hold,
      ),
    ).toEqual({ outcome: 'new' });
  };
  const items = async () => app.repositories.inboundItems.ofPublisher(publisherId);

  it('the lease is INBOUND_LEASE_SECONDS, 30 s unless set', async () => {
    await setUp();
    expect(app.config.inboundLeaseMs).toBe(LEASE_MS);
  });

  it('killed between the mark and the write: a retry after the lease publishes exactly once', async () => {
    await setUp();
    await deadMark('k-dead', taskFor(['avalencia']), LEASE_MS + 1000);
    const retry = await post(app, taskFor(['avalencia']), 'k-dead');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ recipients: 1, replaced: false });
    expect((await items()).map((i) => i.source_id)).toEqual(['verify-2027']);
    const record = await app.repositories.inboundIdempotency.find(publisherId, 'k-dead');
    expect(record).toMatchObject({ state: 'done', status: 201, owner: null });
    // Its answer is kept: the next retry is a replay, not a second run.
    const replay = await post(app, taskFor(['avalencia']), 'k-dead');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(retry.json());
  });

  it('while the holder’s lease is live a retry answers 409; once it ends, the retry runs', async () => {
    await setUp();
    await deadMark('k-live', taskFor(['avalencia']), 0);
    now = new Date(START.getTime() + LEASE_MS - 1000);
    const busy = await post(app, taskFor(['avalencia']), 'k-live');
    expect(busy.statusCode).toBe(409);
    expect(await items()).toEqual([]);
    now = new Date(START.getTime() + LEASE_MS);
    expect((await post(app, taskFor(['avalencia']), 'k-live')).statusCode).toBe(201);
    // A mark of another body is never taken over: that is another request (422).
    await deadMark('k-other', taskFor(['avalencia']), LEASE_MS * 2);
    const other = await post(app, taskFor(['avalencia'], { title: 'Other' }), 'k-other');
    expect(other.statusCode).toBe(422);
  });

  it('killed after the write, before its answer was kept: the retry adds nothing twice and answers as the first would have', async () => {
    await setUp();
    const settle = vi
      .spyOn(app.repositories.inboundIdempotency, 'settle')
      .mockRejectedValueOnce(new Error('the process was killed'));
    const first = await post(app, message, 'k-half');
    expect(first.statusCode).toBe(500);
    expect(settle).toHaveBeenCalledTimes(1);
    const jobsBefore = await app.repositories.notifyJobs.all();
    expect(jobsBefore.map((j) => j.channel)).toEqual(['email']);
    // Its mark is still in flight until the lease ends.
    expect((await post(app, message, 'k-half')).statusCode).toBe(409);
    now = new Date(START.getTime() + LEASE_MS + 1000);
    const retry = await post(app, message, 'k-half');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ recipients: 1, replaced: false });
    const [item, ...more] = await items();
    expect(more).toEqual([]);
    expect(item?.idempotency_key).toBe('k-half');
    const jobs = await app.repositories.notifyJobs.all();
    expect(jobs.map((j) => j.id)).toEqual(jobsBefore.map((j) => j.id));
    expect(await app.repositories.inboundDelivery.messageOf(item?.id ?? 0)).toBe(
      jobs[0]?.message_id,
    );
  });

  it('a mark of the previous release (no owner, no lease) holds for a lease from its creation', async () => {
    await setUp();
    await deadMark('k-old', taskFor(['avalencia']), 0);
    await sql`UPDATE inbound_idempotency SET owner = NULL, lease_until = NULL`.execute(
      app.database.db,
    );
    now = new Date(START.getTime() + LEASE_MS - 1000);
    expect((await post(app, taskFor(['avalencia']), 'k-old')).statusCode).toBe(409);
    now = new Date(START.getTime() + LEASE_MS);
    expect((await post(app, taskFor(['avalencia']), 'k-old')).statusCode).toBe(201);
  });

  it('two retries taking over the same dead mark at once: exactly one runs the call', async () => {
    await setUp();
    await deadMark('k-race', message, LEASE_MS + 1000);
    const second = await inboundApp({
      clock: () => now,
      database: { ...app.database, close: async () => {} },
    });
    try {
      const answers = await Promise.all([
        post(app, message, 'k-race'),
        post(second, message, 'k-race'),
      ]);
      // One ran it; the other found it held (409), or, if it came after the answer, replays it.
      const ran = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
      expect(ran).toHaveLength(1);
      const [other] = answers.filter((a) => a !== ran[0]);
      if (other?.statusCode === 201) expect(other.json()).toEqual(ran[0]?.json());
      else expect(other?.statusCode).toBe(409);
    } finally {
      await second.close();
    }
    expect(await items()).toHaveLength(1);
    expect(await app.repositories.notifyJobs.all()).toHaveLength(1);
  });

  it('of two takers racing in the store, one takes the mark over and the other finds it held', async () => {
    await setUp();
    await deadMark('k-store', message, LEASE_MS + 1000);
    const hash = requestHash('POST', ITEMS, inboundItemSchema.parse(message));
    const claim = (owner: string) =>
      app.repositories.inboundIdempotency.claim(publisherId, 'k-store', hash, IDEMPOTENCY_MS, {
        owner,
        now,
        leaseMs: LEASE_MS,
      });
    const outcomes = await Promise.all([claim('a/1'), claim('b/1'), claim('c/1')]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['kept', 'kept', 'resumed']);
  });
});

describe('a refused body is not kept under its Idempotency-Key: the corrected retry runs', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('a body the contract refuses (400), then the corrected body with the same key: 201', async () => {
    app = await inboundApp();
    await signIn(app, 'student');
    const { key } = await publisherWithKey(app);
    const headers = { ...bearer(key), 'idempotency-key': 'k-fix' };
    const bad = await app.inject({
      method: 'POST',
      url: ITEMS,
      headers,
      payload: taskFor(['avalencia'], { title: '' }),
    });
    expect(bad.statusCode).toBe(400);
    const fixed = await app.inject({
      method: 'POST',
      url: ITEMS,
      headers,
      payload: taskFor(['avalencia']),
    });
    expect(fixed.statusCode).toBe(201);
  });

  it('a body the publish refuses (an unknown category, 400), then the corrected body with the same key: 201', async () => {
    app = await inboundApp();
    await signIn(app, 'student');
    const { key } = await publisherWithKey(app);
    const headers = { ...bearer(key), 'idempotency-key': 'k-category' };
    const bad = await app.inject({
      method: 'POST',
      url: ITEMS,
      headers,
      payload: taskFor(['avalencia'], { category: 'No such category' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('create it on /admin/choices');
    const fixed = await app.inject({
      method: 'POST',
      url: ITEMS,
      headers,
      payload: taskFor(['avalencia']),
    });
    expect(fixed.statusCode).toBe(201);
  });
});
