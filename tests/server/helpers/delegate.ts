import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { tokenHash } from '../../../server/delegates/tokens.js';
import { signIn } from './app.js';

/** The sample student's parent, to whom the delegate tests' grants go. */
export const PARENT = 'maria.valencia@example.com';

/** The link token of the newest email to `to` in the outbox. */
async function lastTokenTo(app: FastifyInstance, to: string) {
  const email = (await app.notify.outbox.list(50)).find((e) => e.recipient === to);
  return /token=([A-Za-z0-9_-]+)/.exec(email?.text ?? '')?.[1] ?? '';
}

/** The student, signed in just now (a grant and a change are signed by a recent sign-in). */
export async function asStudent(
  app: FastifyInstance,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const { token } = await signIn(app, 'student');
  return app.inject({ method, url, payload, headers: { authorization: `Token ${token}` } });
}

/** A delegate's session cookie as an answer sets it, if it does. */
export const delegateCookieOf = (answer: { cookies: { name: string; value: string }[] }) => {
  const cookie = answer.cookies.find((c) => c.name === 'portal_delegate');
  return cookie ? `portal_delegate=${cookie.value}` : undefined;
};

/**
 * The student shares Finances with their parent until 2027-05-31; the parent accepts and signs in
 * by the emailed links. Answers the grant's id and the parent's session cookie.
 */
export async function parentSharedFinances(app: FastifyInstance, email = PARENT) {
  const shared = await asStudent(app, 'POST', '/api/delegations', {
    name: 'María Valencia',
    email,
    categories: ['finances'],
    purpose: 'Paying tuition and fees',
    until: '2027-05-31',
  });
  expect(shared.statusCode).toBe(201);
  const grantId = (shared.json() as { id: number }).id;
  await app.inject({
    method: 'POST',
    url: '/auth/delegate/accept',
    payload: { token: await lastTokenTo(app, email) },
  });
  const signedIn = await app.inject({
    method: 'POST',
    url: '/auth/delegate/sign-in',
    payload: { token: await lastTokenTo(app, email) },
  });
  const cookie = delegateCookieOf(signedIn) ?? '';
  expect(cookie).not.toBe('');
  return { grantId, cookie, landing: signedIn.headers.location };
}

let sessions = 0;

/**
 * Issue 88: the sample student shares `categories` (comma-separated) with a relative of their own,
 * who has accepted and signed in: the relative's session cookie (and its id) and the grant's id. The student
 * must have signed in once (their row exists).
 */
export async function relativeSharedWith(app: FastifyInstance, categories: string, now: Date) {
  const student = await app.repositories.users.findByUsername('avalencia');
  if (!student) throw new Error('no sample student');
  const { delegations, delegateTokens } = app.repositories;
  sessions += 1;
  const email = `relative${String(sessions)}@example.com`;
  const relative = await delegations.delegateFor(email, 'Relative', 'en', now);
  const grant = await delegations.add(
    {
      student_id: student.id,
      delegate_id: relative.id,
      categories,
      purpose: 'Keeping up with the student',
      starts_at: new Date(now.getTime() - 60_000).toISOString(),
      ends_at: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    },
    now,
  );
  await delegations.accept(grant, now);
  const session = `relative-session-${String(sessions)}-0123456789abcdef`;
  await delegateTokens.startSession(
    tokenHash(session),
    relative.id,
    grant,
    now,
    new Date(now.getTime() + 3_600_000),
  );
  return { cookie: `portal_delegate=${session}`, session, grant };
}
