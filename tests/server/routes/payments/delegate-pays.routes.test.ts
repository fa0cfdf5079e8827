import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { delegationListSchema } from '../../../../contract/delegates.schema.js';
import { paymentHandoffSchema, paymentsSchema } from '../../../../contract/payments.schema.js';
import { delegatePaymentEmail } from '../../../../server/delegates/payment-email.js';
import { tokenHash } from '../../../../server/delegates/tokens.js';
import { csrfFor } from '../../../../server/plugins/session-tokens.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { touchnetEnv } from './touchnet-site.js';

const now = new Date('2026-11-27T17:00:00.000Z');

describe('families pay: a delegate with Finances may pay (issue 89)', () => {
  let app: FastifyInstance;
  let token: string;
  beforeEach(async () => {
    app = await createTestApp({ clock: () => now, env: touchnetEnv });
    ({ token } = await signIn(app, 'student'));
  });
  afterEach(async () => app.close());

  /** Ana shares `categories` with her mother; the mother's signed-in session cookie. */
  const delegateCookie = async (categories: string) => {
    const student = await app.repositories.users.findByUsername('avalencia');
    if (!student) throw new Error('no sample student');
    const { delegations, delegateTokens } = app.repositories;
    const mother = await delegations.delegateFor('madre@example.com', 'María Valencia', 'es', now);
    const grant = await delegations.add(
      {
        student_id: student.id,
        delegate_id: mother.id,
        categories,
        purpose: 'Paying tuition and fees',
        starts_at: new Date(now.getTime() - 60_000).toISOString(),
        ends_at: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      },
      now,
    );
    await delegations.accept(grant, now);
    const session = `pays-session-${categories.replace(/\W/g, '')}-0123456789`;
    await delegateTokens.startSession(
      tokenHash(session),
      mother.id,
      grant,
      now,
      new Date(now.getTime() + 3_600_000),
    );
    return { cookie: `portal_delegate=${session}`, session, grant, delegateId: mother.id, student };
  };
  /** Finances' Pay form posted without scripts, with `csrf` in its hidden field. */
  const payByForm = (cookie: string, csrf: string) =>
    app.inject({
      method: 'POST',
      url: '/payments/pay',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrf, choice: 'other', amount: '150.00' }).toString(),
    });
  const pay = (cookie: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { choice: 'other', amount_cents: 15_000 },
    });

  it('where the campus takes payments, the invitation says what Finances lets the delegate do: read, and pay the bill; Academics alone stays read only', async () => {
    const invitationTo = async (email: string, categories: string[]) => {
      const shared = await app.inject({
        method: 'POST',
        url: '/api/delegations',
        headers: { authorization: `Token ${token}` },
        payload: { name: 'Tía', email, categories, purpose: 'Family', until: '2027-05-31' },
      });
      expect(shared.statusCode).toBe(201);
      return (await app.notify.outbox.list(50)).find((e) => e.recipient === email)?.text ?? '';
    };
    expect(await invitationTo('tia@example.com', ['finances'])).toContain(
      'shared Finances and holds with you, to read, and to pay the bill, until May 31, 2027.',
    );
    expect(await invitationTo('tio@example.com', ['academics'])).toContain(
      'shared Academics: schedule and grades with you, read only, until May 31, 2027.',
    );
  });

  it("a delegate's payment is audited with the delegate as the actor, the student as the subject and the capacity", async () => {
    const { cookie, grant, delegateId, student } = await delegateCookie('finances');
    const paid = await pay(cookie);
    expect(paid.statusCode).toBe(201);
    const { id } = paymentHandoffSchema.parse(paid.json());

    // The payment row: the student's, started by the delegate.
    const [row] = await app.repositories.payments.ofPerson(student.id, 5);
    expect(row).toMatchObject({
      id,
      actedAs: 'delegate',
      actedBy: delegateId,
      amountCents: 15_000,
    });
    const listed = await app.inject({
      url: '/api/payments',
      headers: { authorization: `Token ${token}` },
    });
    expect(paymentsSchema.parse(listed.json()).payments[0]).toMatchObject({ by_delegate: true });

    // The audit: who acted (the delegate), on whose record, in which capacity, under which grant.
    const [entry] = (await app.repositories.audit.search({ limit: 20 })).filter(
      (e) => e.action === 'payment.started',
    );
    expect(entry).toMatchObject({ userId: null, username: 'madre@example.com' });
    expect(entry?.detail).toMatchObject({
      payment: id,
      amountCents: 15_000,
      capacity: 'delegate',
      subject: 'avalencia',
      delegate: delegateId,
      delegateName: 'María Valencia',
      delegation: grant,
    });

    // The student's sharing log ("People you share with") lists the payment.
    const shared = await app.inject({
      url: '/api/delegations',
      headers: { authorization: `Token ${token}` },
    });
    const [listedGrant] = delegationListSchema.parse(shared.json());
    expect(listedGrant?.views).toContainEqual({
      category: 'finances',
      viewed_at: now.toISOString(),
      paid_cents: 15_000,
    });

    // The student is told by email, in their language.
    const email = (await app.notify.outbox.list(20)).find(
      (e) => e.subject === 'María Valencia started a payment on your account',
    );
    expect(email?.recipient).toBe(student.email);
    expect(email?.text).toContain(
      'started a payment of $150.00 on your account on November 27, 2026',
    );
  });

  it("the student's email is in Spanish for a student who reads Spanish", () => {
    const email = delegatePaymentEmail(
      {
        delegateName: 'María Valencia',
        amountCents: 15_000,
        at: now,
        zone: 'America/Los_Angeles',
        link: 'https://portal.example.edu/finances#payments',
      },
      'es',
    );
    expect(email.subject).toBe('María Valencia inició un pago en su cuenta');
    expect(email.text).toContain('inició un pago de');
    expect(email.text).toContain('27 de noviembre de 2026');
    expect(email.html).toContain('lang="es"');
  });

  it("without scripts too: the Pay form a delegate posts with their session's CSRF token starts the payment as the delegate; a wrong token sends them back to the form, nothing recorded", async () => {
    const { cookie, session, delegateId, student } = await delegateCookie('finances');
    const stale = await payByForm(cookie, csrfFor('another-session-0123456789'));
    expect(stale.statusCode).toBe(303);
    expect(stale.headers.location).toBe('/finances?pay_error=expired#pay');
    expect(await app.repositories.payments.ofPerson(student.id, 5)).toEqual([]);

    const page = await payByForm(cookie, csrfFor(session));
    expect(page.headers.location).toBeUndefined();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="AMT" value="150.00"');
    const [row] = await app.repositories.payments.ofPerson(student.id, 5);
    expect(row).toMatchObject({ actedAs: 'delegate', actedBy: delegateId, amountCents: 15_000 });
    const [entry] = (await app.repositories.audit.search({ limit: 20 })).filter(
      (e) => e.action === 'payment.started',
    );
    expect(entry?.detail).toMatchObject({ capacity: 'delegate', delegate: delegateId });
  });

  it('a delegate without Finances may not pay without scripts either: 403, nothing recorded', async () => {
    const { cookie, session, student } = await delegateCookie('academics');
    expect((await payByForm(cookie, csrfFor(session))).statusCode).toBe(403);
    expect(await app.repositories.payments.ofPerson(student.id, 5)).toEqual([]);
  });

  it('a delegate without Finances may not pay; nothing is recorded', async () => {
    const { cookie, student } = await delegateCookie('academics');
    expect((await pay(cookie)).statusCode).toBe(403);
    expect(await app.repositories.payments.ofPerson(student.id, 5)).toEqual([]);
  });
});
