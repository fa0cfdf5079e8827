import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentHandoffSchema, paymentsSchema } from '../../../../contract/payments.schema.js';
import { FakeNelnet } from '../../../fake-nelnet/fake-nelnet.js';
import { FakeSis } from '../../../fake-sis/fake-sis.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const secret = 'nelnet-shared-secret!';

describe('paying the bill through Nelnet QuikPAY (issue 89)', () => {
  let sis: FakeSis;
  let app: FastifyInstance;
  let token: string;
  let now: Date;
  let quikpay: FakeNelnet;
  beforeAll(async () => {
    sis = await FakeSis.start();
  });
  afterAll(async () => sis.close());
  beforeEach(async () => {
    now = new Date('2026-12-03T15:00:00Z');
    app = await createTestApp({
      clock: () => now,
      env: {
        SIS_BASE_URL: sis.url,
        PAYMENT_PROVIDER: 'nelnet',
        NELNET_URL: 'https://quikpayasp.com/campus/commerce_manager/payer.do',
        NELNET_ORDER_TYPE: 'Tuition',
        NELNET_SECRET: secret,
      },
    });
    ({ token } = await signIn(app, 'new-student'));
    quikpay = new FakeNelnet(secret);
  });
  afterEach(async () => app.close());

  const auth = () => ({ authorization: `Token ${token}` });
  const listed = async () =>
    paymentsSchema.parse((await app.inject({ url: '/api/payments', headers: auth() })).json())
      .payments;
  const payPart = async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: auth(),
      payload: { choice: 'other', amount_cents: 25_000 },
    });
    expect(started.statusCode).toBe(201);
    const handoff = paymentHandoffSchema.parse(started.json());
    expect(quikpay.receiveRedirect(handoff.fields)).toEqual({ ok: true });
    return handoff.fields.find((f) => f.name === 'orderNumber')?.value ?? '';
  };

  it('pays part; the signed return makes it received; the balance dropping by it makes it posted', async () => {
    const order = await payPart();
    const back = quikpay.pay(order, now);
    const returned = await app.inject({ url: `${back.pathname}${back.search}` });
    expect(returned.headers.location).toBe('/finances?payment=success#payments');
    expect((await listed())[0]).toMatchObject({ state: 'received', amount_cents: 25_000 });

    // The new student of the sample SIS, Jordan Okafor.
    sis.posted('jokafor', 25_000);
    now = new Date(now.getTime() + 6 * 60_000);
    const account = await app.inject({
      url: '/api/integrations/finti/financial-account-summary',
      headers: auth(),
    });
    expect(account.statusCode).toBe(200);
    await app.changes.idle();
    expect((await listed())[0]).toMatchObject({ state: 'posted' });
  });

  it('a forged, stale or replayed return changes nothing', async () => {
    const order = await payPart();
    quikpay.pay(order, now);
    const inject = (values: Record<string, string>) =>
      app.inject({ url: `/api/payments/nelnet/return?${new URLSearchParams(values).toString()}` });
    await inject(quikpay.forge({ transactionTotalAmount: '100' }));
    await inject(quikpay.sign({ ...quikpay.replay(), timestamp: String(now.getTime() - 600_000) }));
    await inject(quikpay.sign({ ...quikpay.replay(), transactionTotalAmount: '100' }));
    expect((await listed())[0]).toMatchObject({ state: 'handedOff', reference: null });
    await inject(quikpay.replay());
    const reference = (await listed())[0]?.reference;
    await inject(
      quikpay.sign({ ...quikpay.replay(), transactionId: '999', transactionStatus: '2' }),
    );
    expect((await listed())[0]).toMatchObject({ state: 'received', reference });
  });

  it('a received payment not posted within the window (5 days) is flagged to staff on /admin', async () => {
    const order = await payPart();
    const back = quikpay.pay(order, now);
    await app.inject({ url: `${back.pathname}${back.search}` });
    const admin = async () => {
      const { cookie } = await signIn(app, 'staff');
      const page = await app.inject({ url: '/admin', headers: { accept: 'text/html', cookie } });
      expect(page.statusCode).toBe(200);
      return page.body;
    };
    now = new Date(now.getTime() + 4 * 86_400_000);
    expect(await admin()).not.toContain('Payments not posted');
    now = new Date(now.getTime() + 2 * 86_400_000);
    const page = await admin();
    expect(page).toContain('Payments not posted');
    expect(page).toContain('$250.00</strong> from jokafor');
  });
});
