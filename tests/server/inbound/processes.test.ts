import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { inboundItemSchema } from '../../../contract/inbound.schema.js';
import { IDEMPOTENCY_MS, requestHash } from '../../../server/inbound/idempotency.js';
import { issueKey, PublisherChangeError } from '../../../server/inbound/manage.js';
import { signIn } from '../helpers/app.js';
import { bearer, inboundApp, publisherWithKey, taskFor } from './inbound-helpers.js';

const ITEMS = '/api/inbound/v1/items';

describe('the inbound API across processes: idempotency, rotation, revocation, audit', () => {
  let first: FastifyInstance;
  let second: FastifyInstance | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
    await first.close();
  });

  /** A second app on the first one's store, as a second process would be. */
  const secondApp = async () =>
    (second = await inboundApp({ database: { ...first.database, close: async () => {} } }));

  const post = (app: FastifyInstance, key: string, payload: unknown, idem?: string) =>
    app.inject({
      method: 'POST',
      url: ITEMS,
      headers: { ...bearer(key), ...(idem ? { 'idempotency-key': idem } : {}) },
      payload: payload as object,
    });

  it('the same Idempotency-Key and body answer the first answer again, on another process too; another body 422', async () => {
    first = await inboundApp();
    await signIn(first, 'student');
    const { key } = await publisherWithKey(first);
    const one = await post(first, key, taskFor(['avalencia', 'ghost']), 'k-1');
    expect(one.statusCode).toBe(201);
    const other = await secondApp();
    const again = await post(other, key, taskFor(['avalencia', 'ghost']), 'k-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(one.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Answered from the record: a replay did not replace the item (it would say replaced: true).
    expect(again.json()).toMatchObject({ replaced: false });
    const changed = await post(other, key, taskFor(['avalencia'], { title: 'Other' }), 'k-1');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toHaveProperty('detail');
  });

  it('a call whose Idempotency-Key is still in flight answers 409; after 24 h the key is free again', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    first = await inboundApp({ clock: () => now });
    await signIn(first, 'student');
    const { id, key } = await publisherWithKey(first);
    const body = taskFor(['avalencia']);
    const hash = requestHash('POST', ITEMS, inboundItemSchema.parse(body));
    // Another process has begun the same call and not answered yet.
    const hold = { owner: 'another-process/call', now, leaseMs: IDEMPOTENCY_MS };
    expect(
      await first.repositories.inboundIdempotency.claim(id, 'k-2', hash, IDEMPOTENCY_MS, hold),
    ).toEqual({ outcome: 'new' });
    const busy = await post(first, key, body, 'k-2');
    expect(busy.statusCode).toBe(409);
    now = new Date(now.getTime() + IDEMPOTENCY_MS + 1000);
    expect((await post(first, key, body, 'k-2')).statusCode).toBe(201);
  });

  it('rotation: two live keys both work, a third is refused until one is revoked; a revoked key is refused on its next call on another process', async () => {
    first = await inboundApp();
    await signIn(first, 'student');
    const { id, key: oldKey, keyId: oldId } = await publisherWithKey(first);
    const next = await issueKey(first.repositories, id, first.clock());
    await expect(issueKey(first.repositories, id, first.clock())).rejects.toThrow(
      PublisherChangeError,
    );
    const other = await secondApp();
    expect((await post(other, oldKey, taskFor(['avalencia']))).statusCode).toBe(201);
    expect((await post(other, next.key, taskFor(['avalencia']))).statusCode).toBe(201);
    // Revoked on the first process…
    expect(await first.repositories.inboundPublishers.revokeKey(oldId, first.clock())).toBe(true);
    // …refused on the second one's next call; the new key goes on.
    expect((await post(other, oldKey, taskFor(['avalencia']))).statusCode).toBe(401);
    expect((await post(other, next.key, taskFor(['avalencia']))).statusCode).toBe(201);
    await expect(issueKey(first.repositories, id, first.clock())).resolves.toHaveProperty('key');
  });

  it('every call is audited with its key, source_id, audience size and result; the key’s last use is kept', async () => {
    first = await inboundApp();
    await signIn(first, 'student');
    const { id, key, keyId } = await publisherWithKey(first, { roles: ['student'] });
    await post(first, key, taskFor(['avalencia']));
    await post(first, key, { ...taskFor([]), audience: { roles: ['staff'] } });
    await first.inject({ method: 'DELETE', url: `${ITEMS}/verify-2027`, headers: bearer(key) });
    const rows = await first.repositories.inboundPublishers.auditOf(id);
    expect(
      rows.map((r) => [r.method, r.key_id, r.source_id, r.audience_size, r.status]).reverse(),
    ).toEqual([
      ['POST /api/inbound/v1/items', keyId, 'verify-2027', 1, 201],
      ['POST /api/inbound/v1/items', keyId, 'verify-2027', null, 403],
      ['DELETE /api/inbound/v1/items/:source_id', keyId, 'verify-2027', 1, 204],
    ]);
    expect(rows[1]?.detail).toContain('roles staff');
    expect((await first.repositories.inboundPublishers.key(keyId))?.last_used_at).not.toBeNull();
  });
});
