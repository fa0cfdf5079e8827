import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_SHARED_DETAIL } from '../../../contract/delegates.schema.js';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import { NOT_WHILE_VIEWING_DETAIL, READ_ONLY_DETAIL } from '../../../contract/error.schema.js';
import { userSchema } from '../../../contract/user.schema.js';
import {
  UndeclaredAccessError,
  UndeclaredWriteOnReadError,
  writesForSubject,
} from '../../../server/auth/access.js';
import type { RouteAccess } from '../../../server/auth/access.js';
import { tokenHash } from '../../../server/delegates/tokens.js';
import { authenticated } from '../../../server/plugins/authenticated.js';
import { findPersona } from '../../../server/sis/personas.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { adminAs } from '../routes/admin/admin-client.js';

const SERVER = path.resolve(import.meta.dirname, '../../../server');
const now = new Date('2026-11-28T15:00:00Z');
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const PAY: RouteAccess = {
  self: 'write',
  support: null,
  delegate: { category: 'finances', may: 'pay' },
};
const READ_ONLY: RouteAccess = {
  self: 'read',
  support: 'read',
  delegate: { category: 'finances', may: 'read' },
};

/** A test app with test-only routes in the API's token scope: a payment, a read-only change, reads. */
async function appWithTestRoutes() {
  const own = await createTestApp({ clock: () => now });
  await own.register(
    authenticated({ by: 'token' }, async (scope) => {
      scope.post('/api/test/pay', { config: { access: PAY } }, async (request) => {
        await scope.audit(request, 'test.pay', { amount: 25 });
        return { paid: true };
      });
      scope.post('/api/test/read-only', { config: { access: READ_ONLY } }, async () => ({}));
      // A read that writes for the person, declared and not.
      const writing = async (request: Parameters<typeof writesForSubject>[0]) => ({
        writes: writesForSubject(request),
      });
      scope.get(
        '/api/test/declared',
        { config: { access: { ...READ_ONLY, writesOnRead: true } } },
        writing,
      );
      scope.get('/api/test/undeclared', { config: { access: READ_ONLY } }, writing);
      // Reads: one support may make, one that is the person's own alone.
      const whose = async (request: { subject: { id: number }; actor: { capacity: string } }) => ({
        subject: request.subject.id,
        capacity: request.actor.capacity,
      });
      scope.get('/api/test/shown', { config: { access: READ_ONLY } }, whose);
      scope.get(
        '/api/test/own-only',
        { config: { access: { self: 'read', support: null, delegate: null } } },
        whose,
      );
    }),
  );
  await own.ready();
  return own;
}

/** A delegate of the sample student, granted `categories`, signed in: their cookie. */
async function delegateOf(own: FastifyInstance, categories: DelegateCategory[]) {
  await signIn(own, 'student');
  const student = await own.repositories.users.findByUsername(findPersona('student').username);
  if (!student) throw new Error('no sample student');
  const { delegations, delegateTokens } = own.repositories;
  const email = `${categories.join('-')}@example.com`;
  const delegate = await delegations.delegateFor(email, 'María Valencia', 'en', now);
  const id = await delegations.add(
    {
      student_id: student.id,
      delegate_id: delegate.id,
      categories: categories.join(','),
      purpose: 'paying the bill',
      starts_at: new Date(now.getTime() - 60_000).toISOString(),
      ends_at: new Date(now.getTime() + 86_400_000).toISOString(),
    },
    now,
  );
  await delegations.accept(id, now);
  const sessionId = `access-session-${categories.join('-')}-0123456789`;
  const end = new Date(now.getTime() + 3_600_000);
  await delegateTokens.startSession(tokenHash(sessionId), delegate.id, id, now, end);
  return { cookie: `portal_delegate=${sessionId}`, delegateId: delegate.id, grant: id, student };
}

describe('access declared on each route (issue 88)', () => {
  it('a route without a declaration fails the start: the app is never ready', async () => {
    app = await createTestApp();
    app.get('/api/test/undeclared-route', async () => ({}));
    await expect(app.ready()).rejects.toThrow(UndeclaredAccessError);
  });

  it('a GET that writes without saying so (writesOnRead) is refused; declared, it writes for the person themselves', async () => {
    app = await appWithTestRoutes();
    const { token } = await signIn(app, 'student');
    const headers = { authorization: `Token ${token}` };
    const declared = await app.inject({ url: '/api/test/declared', headers });
    expect(declared.json()).toEqual({ writes: true });
    const undeclared = await app.inject({ url: '/api/test/undeclared', headers });
    expect(undeclared.statusCode).toBe(500);
    expect(() => {
      throw new UndeclaredWriteOnReadError('GET /api/test/undeclared');
    }).toThrow(/writesOnRead/);
  });

  it("a support viewer's read is refused where the route declares support: null, before its handler reads the record; where it lets support read, it answers the student's record", async () => {
    app = await appWithTestRoutes();
    const { token: own } = await signIn(app, 'student');
    const student = await app.repositories.users.findByUsername(findPersona('student').username);
    await app.repositories.grants.put(findPersona('staff').username, 'support', null, now);
    const support = await adminAs(app, 'staff');
    const started = await support.form('/admin/view-as', [
      ['username', findPersona('student').username],
      ['reason', 'Cannot find her hold'],
      ['ticket', 'HD-1042'],
    ]);
    expect(started.statusCode).toBe(303);
    const { auth_token } = userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie: support.cookie } })).json(),
    );
    const viewer = { authorization: `Token ${auth_token}` };
    const refused = await app.inject({ url: '/api/test/own-only', headers: viewer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: NOT_WHILE_VIEWING_DETAIL });
    const shown = await app.inject({ url: '/api/test/shown', headers: viewer });
    expect(shown.json()).toEqual({ subject: student?.id, capacity: 'support' });
    // The student reads their own.
    const theirs = await app.inject({
      url: '/api/test/own-only',
      headers: { authorization: `Token ${own}` },
    });
    expect(theirs.json()).toEqual({ subject: student?.id, capacity: 'self' });
  });

  it("a delegate's payment, where the route lets a delegate pay, is audited with the delegate as the actor, the student as the subject and the capacity", async () => {
    app = await appWithTestRoutes();
    const { cookie, delegateId, grant, student } = await delegateOf(app, ['finances']);
    const paid = await app.inject({ method: 'POST', url: '/api/test/pay', headers: { cookie } });
    expect(paid.json()).toEqual({ paid: true });
    const entry = (await app.repositories.audit.latest(20)).find((e) => e.action === 'test.pay');
    expect(entry).toMatchObject({
      userId: null,
      username: 'finances@example.com',
      detail: {
        amount: 25,
        capacity: 'delegate',
        subject: student.username,
        delegate: delegateId,
        delegateName: 'María Valencia',
        delegation: grant,
      },
    });
  });

  it('a delegate may not pay where the route only lets them read, nor without the category it needs; their reads and refused changes are audited with the delegate as the actor', async () => {
    app = await appWithTestRoutes();
    const finances = await delegateOf(app, ['finances']);
    const readOnly = await app.inject({
      method: 'POST',
      url: '/api/test/read-only',
      headers: { cookie: finances.cookie },
    });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toEqual({ detail: READ_ONLY_DETAIL });
    // Their sign-in, reads and refused changes are audited as support's views are, as the delegate.
    const held = await app.inject({
      url: '/api/integrations/finti/holds',
      headers: { cookie: finances.cookie },
    });
    expect(held.statusCode).toBe(200);
    // Audited once the answer went out (an onResponse hook): waited for.
    const own = app;
    const of = (action: string) =>
      vi.waitFor(async () => {
        const found = (await own.repositories.audit.latest(50)).find((e) => e.action === action);
        if (!found) throw new Error(`no ${action} yet`);
        return found;
      });
    expect(await of('delegate.writeRefused')).toMatchObject({
      userId: null,
      username: 'finances@example.com',
      detail: { route: 'POST /api/test/read-only', status: 403, capacity: 'delegate' },
    });
    expect(await of('delegate.read')).toMatchObject({
      username: 'finances@example.com',
      detail: { route: 'GET /api/integrations/finti/holds', delegateName: 'María Valencia' },
    });
    const academics = await delegateOf(app, ['academics']);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/test/pay',
      headers: { cookie: academics.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: NOT_SHARED_DETAIL });
    expect((await app.repositories.audit.latest(50)).map((e) => e.action)).not.toContain(
      'test.pay',
    );
  });
});

describe('one place decides the capacity (issue 88)', () => {
  const sources = globSync('**/*.{ts,tsx}', { cwd: SERVER }).map((file) => ({
    file,
    text: readFileSync(path.join(SERVER, file), 'utf8'),
  }));

  it('only auth/acting.ts builds an actor in a capacity (the cache reader names one, no actor)', () => {
    const building = sources
      .filter(({ text }) => /\bcapacity:\s*'(self|support|delegate)'/.test(text))
      .map(({ file }) => file);
    expect(building.sort()).toEqual(['auth/acting.ts', 'cache/keys.ts']);
    const keys = sources.find(({ file }) => file === 'cache/keys.ts')?.text ?? '';
    expect(keys).not.toMatch(/\b(user|delegate):/);
  });

  it("every request's acting is actingOf's answer", () => {
    const assignments = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/\.acting = (.+);/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(assignments.length).toBeGreaterThan(0);
    for (const line of assignments) expect(line).toMatch(/: (actingOf\(request\)|acting)$/);
  });
});
