import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_SHARED_DETAIL,
  REAUTH_DETAIL,
  consentRecordListSchema,
  delegateMeSchema,
  delegationListSchema,
  delegationSchema,
} from '../../../../contract/delegates.schema.js';
import { openDatabase } from '../../../../server/db/database.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const start = new Date('2026-11-27T17:00:00.000Z');
let now = start;
const clock = () => now;
const minutes = (n: number) => new Date(now.getTime() + n * 60 * 1000);

const dir = mkdtempSync(path.join(tmpdir(), 'portal-delegates-'));
let first: FastifyInstance;
let second: FastifyInstance;
let student: { token: string; cookie: string };

beforeAll(async () => {
  const open = () => openDatabase({ dataDir: dir, sqliteFile: 'portal.sqlite' });
  // Two processes sharing one store: a revocation made on one is refused on the other.
  first = await createTestApp({ clock, database: await open() });
  second = await createTestApp({ clock, database: await open() });
  student = await signIn(first, 'student');
});
afterAll(async () => {
  await first.close();
  await second.close();
  rmSync(dir, { recursive: true, force: true });
});

const asStudent = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  first.inject({ method, url, payload, headers: { authorization: `Token ${student.token}` } });

/** The newest email to `to` in the outbox, and the link token it carries. */
async function lastEmailTo(app: FastifyInstance, to: string) {
  const email = (await app.notify.outbox.list(50)).find((e) => e.recipient === to);
  if (!email) throw new Error(`no email to ${to}`);
  return { email, token: /token=([A-Za-z0-9_-]+)/.exec(email.text)?.[1] ?? '' };
}

const PARENT = 'maria.valencia@example.com';
const invite = (overrides: object = {}) =>
  asStudent('POST', '/api/delegations', {
    name: 'María Valencia',
    email: PARENT,
    categories: ['finances'],
    purpose: 'Paying the bills',
    until: '2027-05-31',
    ...overrides,
  });

/** Signs the parent in through the emailed links: the delegate's cookie. */
async function parentSignsIn(app: FastifyInstance) {
  const invitation = await lastEmailTo(app, PARENT);
  const accepted = await app.inject({
    method: 'POST',
    url: '/auth/delegate/accept',
    payload: { token: invitation.token },
  });
  expect(accepted.statusCode).toBe(200);
  const link = await lastEmailTo(app, PARENT);
  const signedIn = await app.inject({
    method: 'POST',
    url: '/auth/delegate/sign-in',
    payload: { token: link.token },
  });
  expect(signedIn.statusCode).toBe(303);
  const cookie = signedIn.cookies.find((c) => c.name === 'portal_delegate');
  return { cookie: `portal_delegate=${cookie?.value ?? ''}`, link: link.token };
}

const read = (app: FastifyInstance, cookie: string, url: string) =>
  app.inject({ url, headers: { cookie } });

describe('access a student grants (issue 73)', () => {
  let grantId = 0;
  let parent = '';

  it('a student shares Finances and holds until a date: the grant is kept and both sides get an email', async () => {
    const answer = await invite();
    expect(answer.statusCode).toBe(201);
    const grant = delegationSchema.parse(answer.json());
    grantId = grant.id;
    expect(grant).toMatchObject({ categories: ['finances'], state: 'active', accepted: false });
    expect(grant.ends_at.startsWith('2027-06-01T0')).toBe(true);
    const toParent = await lastEmailTo(first, PARENT);
    expect(toParent.email.text).toContain(
      'shared Finances and holds with you, read only, until May 31, 2027',
    );
    expect(toParent.token).not.toBe('');
    const outbox = await first.notify.outbox.list(50);
    expect(outbox.some((e) => e.recipient !== PARENT && e.subject.includes('María Valencia'))).toBe(
      true,
    );
  });

  it('the parent signs in by the emailed links and reads the balance and holds, and nothing else: Academics and Next Steps answer 403 from the API', async () => {
    ({ cookie: parent } = await parentSignsIn(first));
    const me = delegateMeSchema.parse((await read(first, parent, '/auth/delegate/me')).json());
    expect(me.shares).toHaveLength(1);
    expect(me.viewing).toBe(grantId);
    for (const url of [
      '/api/integrations/finti/holds',
      '/api/integrations/finti/financial-account-summary',
    ]) {
      expect((await read(first, parent, url)).statusCode).toBe(200);
    }
    for (const url of [
      '/api/integrations/finti/schedule',
      '/api/integrations/finti/grades',
      '/api/academics/attendance',
      '/next-steps/api/user_task/?published=True',
      '/api/integrations/mynextsteps/tasks',
      '/api/notifications/user',
      '/api/integrations/finti/person-info',
      '/api/integrations/finti/contact-info',
      '/api/preferences/user',
      '/api/delegations',
    ]) {
      const answer = await read(first, parent, url);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json()).toEqual({ detail: NOT_SHARED_DETAIL });
    }
  });

  it('the sign-in link is single use: a second use is refused', async () => {
    const invitation = await lastEmailTo(first, PARENT);
    const again = await first.inject({
      method: 'POST',
      url: '/auth/delegate/sign-in',
      payload: { token: invitation.token },
    });
    expect(again.statusCode).toBe(410);
  });

  it("the student sees the parent's views: which category, when", async () => {
    const list = delegationListSchema.parse((await asStudent('GET', '/api/delegations')).json());
    expect(list[0]?.views.map((v) => v.category)).toContain('finances');
  });

  it('a change needs a sign-in younger than 10 minutes, and writes a new consent record, leaving the first unchanged', async () => {
    now = minutes(11);
    const stale = await asStudent('PATCH', `/api/delegations/${grantId}`, { purpose: 'Tuition' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ detail: REAUTH_DETAIL });
    const before = consentRecordListSchema.parse(
      (await asStudent('GET', `/api/delegations/${grantId}/consents`)).json(),
    );
    student = await signIn(first, 'student');
    const changed = await asStudent('PATCH', `/api/delegations/${grantId}`, { purpose: 'Tuition' });
    expect(changed.statusCode).toBe(200);
    const after = consentRecordListSchema.parse(
      (await asStudent('GET', `/api/delegations/${grantId}/consents`)).json(),
    );
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toEqual(before[0]);
    expect(after.at(-1)).toMatchObject({
      change: 'change',
      purpose: 'Tuition',
      delegate_email: PARENT,
    });
    expect((await lastEmailTo(first, PARENT)).email.subject).toContain('changed what they share');
  });

  it("the student revokes: the parent's next request on the second process is refused, and both get an email", async () => {
    expect((await read(second, parent, '/api/integrations/finti/holds')).statusCode).toBe(200);
    expect((await asStudent('DELETE', `/api/delegations/${grantId}`)).statusCode).toBe(204);
    expect((await read(second, parent, '/api/integrations/finti/holds')).statusCode).toBe(403);
    expect((await lastEmailTo(first, PARENT)).email.subject).toContain('stopped sharing');
    const consents = consentRecordListSchema.parse(
      (await asStudent('GET', `/api/delegations/${grantId}/consents`)).json(),
    );
    expect(consents.at(-1)?.change).toBe('revoke');
  });

  it('an invitation is refused after 7 days, and an end more than a year ahead is refused', async () => {
    student = await signIn(first, 'student');
    expect((await invite({ until: '2028-01-15' })).statusCode).toBe(400);
    expect((await invite({ email: 'late@example.com' })).statusCode).toBe(201);
    const { token } = await lastEmailTo(first, 'late@example.com');
    now = minutes(7 * 24 * 60 + 1);
    const late = await first.inject({
      method: 'POST',
      url: '/auth/delegate/accept',
      payload: { token },
    });
    expect(late.statusCode).toBe(410);
  });

  it('a sign-in link expires after 15 minutes', async () => {
    student = await signIn(first, 'student');
    await invite({ email: 'uncle@example.com' });
    const { token } = await lastEmailTo(first, 'uncle@example.com');
    await first.inject({ method: 'POST', url: '/auth/delegate/accept', payload: { token } });
    const link = await lastEmailTo(first, 'uncle@example.com');
    now = minutes(16);
    const late = await first.inject({
      method: 'POST',
      url: '/auth/delegate/sign-in',
      payload: { token: link.token },
    });
    expect(late.statusCode).toBe(410);
  });

  it("another student's grant answers 404", async () => {
    const other = await signIn(first, 'new-student');
    const answer = await first.inject({
      method: 'DELETE',
      url: `/api/delegations/${grantId}`,
      headers: { authorization: `Token ${other.token}` },
    });
    expect(answer.statusCode).toBe(404);
  });

  it("each side's email is in their language: a delegate invited in Spanish reads it in Spanish", async () => {
    student = await signIn(first, 'student');
    now = minutes(1);
    const until = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await invite({ email: 'abuela@example.com', language: 'es', until })).statusCode).toBe(
      201,
    );
    const { email } = await lastEmailTo(first, 'abuela@example.com');
    expect(email.text).toContain(
      'compartió Finanzas y retenciones con usted, solo para consulta, hasta el',
    );
    expect(email.headers['Content-Language']).toBe('es');
  });

  it('when a grant ends by its date both sides are told, once across the processes', async () => {
    const grants = delegationListSchema.parse((await asStudent('GET', '/api/delegations')).json());
    const latest = grants[0];
    if (!latest) throw new Error('no grant');
    now = new Date(new Date(latest.ends_at).getTime() + 1000);
    expect(await first.delegates.tellEnded()).toBeGreaterThanOrEqual(1);
    expect((await lastEmailTo(first, 'abuela@example.com')).email.subject).toContain('Terminó');
    expect(await second.delegates.tellEnded()).toBe(0);
  });
});

describe('a delegate sign-in is rate-limited per address as sign-in attempts', () => {
  it('asking for sign-in links past RATE_LIMIT_SIGN_IN_PER_MINUTE answers 429', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '3' } });
    try {
      const ask = () =>
        app.inject({
          method: 'POST',
          url: '/auth/delegate/link',
          payload: { email: 'nobody@example.com' },
        });
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await ask()).statusCode);
      expect(codes).toEqual([202, 202, 202, 429]);
    } finally {
      await app.close();
    }
  });
});
