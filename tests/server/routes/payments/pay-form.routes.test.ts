import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentsSchema } from '../../../../contract/payments.schema.js';
import { csrfFor } from '../../../../server/plugins/session-tokens.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { adminAs } from '../admin/admin-client.js';
import { touchnetEnv } from './touchnet-site.js';

const nelnetEnv = {
  PAYMENT_PROVIDER: 'nelnet',
  NELNET_URL: 'https://quikpayasp.com/campus/commerce_manager/payer.do',
  NELNET_ORDER_TYPE: 'Tuition',
  NELNET_SECRET: 'nelnet-shared-secret',
};

describe('Pay without scripts: the Pay form posted form-encoded (issue 89)', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  /** The new student (a balance of $1,620.50 due) signed in by the cookie, as a browser is. */
  async function signedIn(env: Record<string, string>) {
    app = await createTestApp({ env });
    const { cookie, token } = await signIn(app, 'new-student');
    const session = /(?:^|;\s*)portal_session=([^;]+)/.exec(cookie)?.[1] ?? '';
    const pay = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/payments/pay',
        payload: new URLSearchParams({ csrf: csrfFor(session), ...fields }).toString(),
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const listed = async () =>
      paymentsSchema.parse(
        (
          await app.inject({ url: '/api/payments', headers: { authorization: `Token ${token}` } })
        ).json(),
      ).payments;
    return { pay, listed };
  }

  it('uPay: the payment is recorded and the browser gets a page whose one button posts it to uPay with the signed fields', async () => {
    const { pay, listed } = await signedIn(touchnetEnv);
    const page = await pay({ choice: 'other', amount: '$250.00' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<form action="${touchnetEnv.UPAY_URL}" method="post">`);
    expect(page.body).toContain('name="AMT" value="250.00"');
    expect(page.body).toContain('name="VALIDATION_KEY"');
    expect(page.body).toContain('<button type="submit">Continue to pay</button>');
    // The page's policy lets its form go to uPay's origin, and nowhere else but the portal.
    expect(page.headers['content-security-policy']).toMatch(
      /form-action 'self' https:\/\/secure\.touchnet\.example\.com[;\s]/,
    );
    expect(await listed()).toEqual([
      expect.objectContaining({ amount_cents: 25_000, state: 'handedOff', provider: 'touchnet' }),
    ]);
  });

  it('QuikPAY: answered with a redirect to the provider, carrying the signed parameters', async () => {
    const { pay, listed } = await signedIn(nelnetEnv);
    const sent = await pay({ choice: 'due' });
    expect(sent.statusCode).toBe(303);
    const to = new URL(String(sent.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe(nelnetEnv.NELNET_URL);
    expect(to.searchParams.get('amount')).toBe('162050');
    expect(to.searchParams.get('hash')).toMatch(/^[0-9a-f]{64}$/);
    expect(await listed()).toEqual([expect.objectContaining({ amount_cents: 162_050 })]);
  });

  it("the JSON route's amount rules: back to Finances' Pay form with why, nothing recorded", async () => {
    const { pay, listed } = await signedIn(touchnetEnv);
    const back = async (fields: Record<string, string>) => (await pay(fields)).headers.location;
    expect(await back({ choice: 'other', amount: '9999.00' })).toBe(
      '/finances?pay_error=above-balance#pay',
    );
    expect(await back({ choice: 'other', amount: '0.50' })).toBe(
      '/finances?pay_error=below-minimum#pay',
    );
    expect(await back({ choice: 'other', amount: 'fifty' })).toBe(
      '/finances?pay_error=not-an-amount#pay',
    );
    expect(await back({ choice: 'other' })).toBe('/finances?pay_error=not-an-amount#pay');
    expect(await back({ choice: 'everything' })).toBe('/finances?pay_error=not-an-amount#pay');
    expect(await listed()).toEqual([]);
  });

  it('CSRF as the other form posts: the session’s token in the hidden field, same origin; else nothing is paid', async () => {
    const { pay, listed } = await signedIn(touchnetEnv);
    const wrong = await pay({ choice: 'due', csrf: 'not-the-token' });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/finances?pay_error=expired#pay');
    const elsewhere = await pay({ choice: 'due' }, { origin: 'https://evil.example.com' });
    expect(elsewhere.headers.location).toBe('/finances?pay_error=expired#pay');
    expect(await listed()).toEqual([]);
    // Without the session cookie: signed out, nothing paid.
    const signedOut = await app.inject({
      method: 'POST',
      url: '/payments/pay',
      payload: 'choice=due&csrf=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('support viewing as the student may not pay by the form: 403 read only, nothing recorded', async () => {
    const { listed } = await signedIn(touchnetEnv);
    await signIn(app, 'student');
    await app.repositories.grants.put('mchen', 'support', null, new Date());
    const support = await adminAs(app, 'staff');
    const started = await support.form('/admin/view-as', [
      ['username', 'avalencia'],
      ['reason', 'Asks how to pay'],
      ['ticket', 'HD-1044'],
    ]);
    expect(started.statusCode).toBe(303);
    const session = /portal_session=([^;]+)/.exec(support.cookie)?.[1] ?? '';
    const paid = await app.inject({
      method: 'POST',
      url: '/payments/pay',
      payload: new URLSearchParams({ csrf: csrfFor(session), choice: 'due' }).toString(),
      headers: { cookie: support.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(403);
    const ana = await app.repositories.users.findByUsername('avalencia');
    expect(await app.repositories.payments.ofPerson(ana?.id ?? 0, 10)).toEqual([]);
    expect(await listed()).toEqual([]);
  });
});
