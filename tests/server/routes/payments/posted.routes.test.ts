import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentHandoffSchema } from '../../../../contract/payments.schema.js';
import { FakeSis } from '../../../fake-sis/fake-sis.js';
import { FakeTouchnet, formBody } from '../../../fake-touchnet/fake-touchnet.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { touchnetEnv, touchnetSite } from './touchnet-site.js';

describe('a received payment is posted by the record-change path (issue 89)', () => {
  let sis: FakeSis;
  let app: FastifyInstance;
  let now: Date;
  beforeEach(async () => {
    // Its posted payments add up: one fake SIS a test.
    sis = await FakeSis.start();
    now = new Date('2026-12-03T15:00:00Z');
    app = await createTestApp({ clock: () => now, env: { ...touchnetEnv, SIS_BASE_URL: sis.url } });
  });
  afterEach(async () => {
    await app.close();
    await sis.close();
  });

  /** The new student (jokafor) pays $250 of the balance; uPay posts the result: received. */
  const payAndReceive = async () => {
    const { token } = await signIn(app, 'new-student');
    await app.changes.idle();
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { authorization: `Token ${token}` },
      payload: { choice: 'other', amount_cents: 25_000 },
    });
    expect(started.statusCode).toBe(201);
    const fields = Object.fromEntries(
      paymentHandoffSchema.parse(started.json()).fields.map((f) => [f.name, f.value]),
    );
    const upay = new FakeTouchnet(touchnetSite);
    expect(upay.receiveForm(fields)).toEqual({ ok: true });
    const posting = await app.inject({
      method: 'POST',
      url: '/api/payments/touchnet/posting',
      payload: formBody(upay.pay(fields.EXT_TRANS_ID ?? '').posting),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '192.0.2.10',
    });
    expect(posting.statusCode).toBe(200);
    const id = fields.EXT_TRANS_ID ?? '';
    const state = async () => (await app.repositories.payments.byExtTransId(id))?.state;
    expect(await state()).toBe('received');
    return state;
  };

  it('the sweep posts a received payment once the SIS balance drops by it, and not before', async () => {
    const state = await payAndReceive();
    now = new Date(now.getTime() + 60 * 60_000);
    await app.changes.sweep();
    expect(await state()).toBe('received');
    sis.posted('jokafor', 25_000);
    now = new Date(now.getTime() + 60 * 60_000);
    await app.changes.sweep();
    expect(await state()).toBe('posted');
    const payment = (
      await app.repositories.payments.ofPerson(
        (await app.repositories.users.findByUsername('jokafor'))?.id ?? 0,
        1,
      )
    )[0];
    expect(payment?.postedAt).toEqual(now);
  });

  it('an Ethos change notification naming the student (compare) posts it the same way', async () => {
    const state = await payAndReceive();
    sis.posted('jokafor', 10_000);
    await app.changes.compare(['jokafor']);
    expect(await state()).toBe('received');
    sis.posted('jokafor', 15_000);
    await app.changes.compare(['jokafor']);
    expect(await state()).toBe('posted');
  });
});
