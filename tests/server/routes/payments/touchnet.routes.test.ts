import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_ONLY_DETAIL } from '../../../../contract/error.schema.js';
import { paymentHandoffSchema, paymentsSchema } from '../../../../contract/payments.schema.js';
import { userSchema } from '../../../../contract/user.schema.js';
import { FakeTouchnet, formBody } from '../../../fake-touchnet/fake-touchnet.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { adminAs } from '../admin/admin-client.js';
import { touchnetEnv, touchnetSite } from './touchnet-site.js';

const site = touchnetSite;
const env = touchnetEnv;

describe('paying the bill through TouchNet uPay (issue 89)', () => {
  let app: FastifyInstance;
  let token: string;
  let upay: FakeTouchnet;
  beforeEach(async () => {
    app = await createTestApp({ env });
    ({ token } = await signIn(app, 'new-student'));
    upay = new FakeTouchnet(site);
  });
  afterEach(async () => app.close());

  const api = (method: 'GET' | 'POST', payload?: object) =>
    app.inject({
      method,
      url: '/api/payments',
      headers: { authorization: `Token ${token}` },
      ...(payload ? { payload } : {}),
    });
  const post = (fields: Record<string, string>, remoteAddress = '192.0.2.10') =>
    app.inject({
      method: 'POST',
      url: '/api/payments/touchnet/posting',
      payload: formBody(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress,
    });
  const listed = async () => paymentsSchema.parse((await api('GET')).json()).payments;

  const startPart = async () => {
    const started = await api('POST', { choice: 'other', amount_cents: 25_000 });
    expect(started.statusCode).toBe(201);
    const handoff = paymentHandoffSchema.parse(started.json());
    const fields = Object.fromEntries(handoff.fields.map((f) => [f.name, f.value]));
    expect(upay.receiveForm(fields)).toEqual({ ok: true });
    return fields;
  };

  it('the student pays part of the balance; the posting makes it received; the return link never does', async () => {
    const form = await startPart();
    expect(form.AMT).toBe('250.00');
    const { posting, browserTo } = upay.pay(form.EXT_TRANS_ID ?? '');
    const back = await app.inject({ url: new URL(browserTo).pathname });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/finances?payment=success#payments');
    expect((await listed())[0]).toMatchObject({ state: 'handedOff', reference: null });

    expect((await post(posting)).statusCode).toBe(200);
    expect((await listed())[0]).toMatchObject({
      state: 'received',
      amount_cents: 25_000,
      reference: posting.tpg_trans_id,
      by_delegate: false,
    });
  });

  it('a forged posting (wrong key, wrong amount, unknown id) and a replayed one change nothing', async () => {
    const form = await startPart();
    upay.pay(form.EXT_TRANS_ID ?? '');
    const forged = [
      upay.forge({ posting_key: 'guessed-key-0000' }),
      upay.forge({ pmt_amt: '2.50' }),
      upay.forge({ EXT_TRANS_ID: 'PNOSUCHPAYMENT1234' }),
    ];
    for (const fields of forged) expect((await post(fields)).statusCode).toBe(400);
    expect((await listed())[0]).toMatchObject({ state: 'handedOff', reference: null });

    expect((await post(upay.replay())).statusCode).toBe(200);
    const reference = (await listed())[0]?.reference;
    const replayed = await post({
      ...upay.replay(),
      tpg_trans_id: 'TPGOTHER1',
      pmt_status: 'cancelled',
    });
    expect(replayed.statusCode).toBe(200);
    expect((await listed())[0]).toMatchObject({ state: 'received', reference });
  });

  it('another amount must be within the limits and no more than the balance; nothing is recorded otherwise', async () => {
    const tooMuch = await api('POST', { choice: 'other', amount_cents: 412_051 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ detail: 'That amount is more than the balance.' });
    expect((await api('POST', { choice: 'other', amount_cents: 99 })).statusCode).toBe(400);
    expect(await listed()).toEqual([]);
  });

  it('a posting body past its bound is refused before it is read', async () => {
    const big = await post({ posting_key: 'x'.repeat(20_000) });
    expect(big.statusCode).toBe(413);
  });

  it('support viewing as the student may not pay: 403 read only, and nothing is recorded', async () => {
    await app.repositories.grants.put('mchen', 'support', null, new Date());
    const support = await adminAs(app, 'staff');
    const started = await support.form('/admin/view-as', [
      ['username', 'jokafor'],
      ['reason', 'Asks why the bill was not paid'],
      ['ticket', 'HD-3001'],
    ]);
    expect(started.statusCode).toBe(303);
    const viewer = userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie: support.cookie } })).json(),
    );
    const pay = await app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { authorization: `Token ${viewer.auth_token}` },
      payload: { choice: 'due' },
    });
    expect(pay.statusCode).toBe(403);
    expect(pay.json()).toEqual({ detail: READ_ONLY_DETAIL });
    expect(await listed()).toEqual([]);
  });
});
