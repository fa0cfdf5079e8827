import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_ONLY_DETAIL } from '../../../contract/error.schema.js';
import { PROVISIONAL_DETAIL } from '../../../contract/user.schema.js';
import { authenticated } from '../../../server/plugins/authenticated.js';
import type { ScopeOptions } from '../../../server/plugins/authenticated.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { TEST_CAPACITY_HEADER, actInTestCapacity } from '../helpers/capacity.js';

/** A whole test app with one extra route in a scope: its handler counts the calls it gets. */
async function appWithScopedRoute(options: ScopeOptions, env: Record<string, string> = {}) {
  const app = await createTestApp({ env });
  const calls: string[] = [];
  await app.register(
    authenticated(options, async (scope) => {
      const whoami = async (request: FastifyRequest) => {
        calls.push(request.subject.username);
        const { actor } = request;
        return {
          username: request.subject.username,
          actor: actor.capacity === 'delegate' ? actor.delegate.email : actor.user.username,
          ...actor,
        };
      };
      // The test's seam after the scope's hook: `x-test-capacity` names the actor's capacity.
      scope.get(
        '/api/test/whoami',
        {
          config: { access: { self: 'read', support: 'read', delegate: null } },
          onRequest: actInTestCapacity,
        },
        whoami,
      );
      scope.post(
        '/api/test/whoami',
        {
          config: { access: { self: 'write', support: null, delegate: null } },
          onRequest: actInTestCapacity,
        },
        whoami,
      );
    }),
  );
  // Outside any scope: a handler that reads request.subject anyway.
  app.get('/api/test/nobody', { config: { access: 'public' } }, async (request) => ({
    username: request.subject.username,
  }));
  await app.ready();
  return { app, calls };
}

describe('the authenticated scope', () => {
  let app: FastifyInstance;
  let calls: string[];
  afterEach(async () => app.close());

  describe('signed in by token', () => {
    beforeEach(async () => {
      ({ app, calls } = await appWithScopedRoute({ by: 'token' }));
    });

    it('answers 401 without a session before its handler runs', async () => {
      const response = await app.inject({ url: '/api/test/whoami' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(calls).toEqual([]);
    });

    it('answers 401 to a token of no session before its handler runs', async () => {
      const response = await app.inject({
        url: '/api/test/whoami',
        headers: { authorization: `Token ${'x'.repeat(43)}` },
      });
      expect(response.statusCode).toBe(401);
      expect(calls).toEqual([]);
    });

    it('hands the handler the signed-in person as the subject, acting for themselves', async () => {
      const { token } = await signIn(app, 'student');
      const response = await app.inject({
        url: '/api/test/whoami',
        headers: { authorization: `Token ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        username: 'avalencia',
        actor: 'avalencia',
        capacity: 'self',
      });
      expect(calls).toEqual(['avalencia']);
    });

    it('lets a change through for the person acting for themselves', async () => {
      const { token } = await signIn(app, 'student');
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/whoami',
        headers: { authorization: `Token ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(calls).toEqual(['avalencia']);
    });

    it.each(['support', 'delegate'])(
      'answers a change 403 read only, before its handler, to an actor in %s; reads still answer',
      async (capacity) => {
        const { token } = await signIn(app, 'student');
        const headers = { authorization: `Token ${token}`, [TEST_CAPACITY_HEADER]: capacity };
        const change = await app.inject({ method: 'POST', url: '/api/test/whoami', headers });
        expect(change.statusCode).toBe(403);
        expect(change.json()).toEqual({ detail: READ_ONLY_DETAIL });
        expect(calls).toEqual([]);
        const read = await app.inject({ url: '/api/test/whoami', headers });
        expect(read.statusCode).toBe(200);
        expect(read.json()).toMatchObject({ username: 'avalencia', capacity });
      },
    );

    it('keeps the subject when the actor acts in another capacity', async () => {
      const { token } = await signIn(app, 'student');
      const headers = { authorization: `Token ${token}`, [TEST_CAPACITY_HEADER]: 'support' };
      const response = await app.inject({ url: '/api/test/whoami', headers });
      expect(response.json()).toMatchObject({ username: 'avalencia', capacity: 'support' });
    });

    it('a session cookie without the token is not signed in for a token scope', async () => {
      const { cookie } = await signIn(app, 'student');
      const response = await app.inject({ url: '/api/test/whoami', headers: { cookie } });
      expect(response.statusCode).toBe(401);
      expect(calls).toEqual([]);
    });

    it('a handler outside any scope that reads request.subject fails instead of seeing nobody', async () => {
      const response = await app.inject({ url: '/api/test/nobody' });
      expect(response.statusCode).toBe(500);
    });
  });

  describe('signed in by the session cookie alone', () => {
    beforeEach(async () => {
      ({ app, calls } = await appWithScopedRoute({ by: 'cookie' }));
    });

    it('hands the handler the person of the session cookie without a CSRF token', async () => {
      const { cookie } = await signIn(app, 'student');
      const response = await app.inject({ url: '/api/test/whoami', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(calls).toEqual(['avalencia']);
    });

    it('the API token alone is not signed in for a cookie scope', async () => {
      const { token } = await signIn(app, 'student');
      const response = await app.inject({
        url: '/api/test/whoami',
        headers: { authorization: `Token ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(calls).toEqual([]);
    });

    it('answers 403 to a provisional account before its handler runs', async () => {
      const { cookie } = await signIn(app, 'provisional');
      const response = await app.inject({ url: '/api/test/whoami', headers: { cookie } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: PROVISIONAL_DETAIL });
      expect(calls).toEqual([]);
    });
  });

  describe('behind the rate limiter', () => {
    beforeEach(async () => {
      ({ app, calls } = await appWithScopedRoute(
        { by: 'token' },
        { RATE_LIMIT_API_PER_MINUTE: '3' },
      ));
    });

    it('counts every request before the scope guard refuses it: past the limit, 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await app.inject({ url: '/api/test/whoami' })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(calls).toEqual([]);
    });
  });

  describe('with the staff right', () => {
    beforeEach(async () => {
      ({ app, calls } = await appWithScopedRoute({ by: 'token', right: 'staff' }));
    });

    it('answers 403 to a student before the handler runs and lets staff through', async () => {
      const student = await signIn(app, 'student');
      const refused = await app.inject({
        url: '/api/test/whoami',
        headers: { authorization: `Token ${student.token}` },
      });
      expect(refused.statusCode).toBe(403);
      expect(calls).toEqual([]);

      const staff = await signIn(app, 'staff');
      const allowed = await app.inject({
        url: '/api/test/whoami',
        headers: { authorization: `Token ${staff.token}` },
      });
      expect(allowed.statusCode).toBe(200);
      expect(calls).toHaveLength(1);
    });
  });

  describe('with the superuser right', () => {
    beforeEach(async () => {
      ({ app, calls } = await appWithScopedRoute({ by: 'token', right: 'superuser' }));
    });

    it('answers 403 to staff who are not superusers and lets a superuser through', async () => {
      const staff = await signIn(app, 'staff');
      const headers = { authorization: `Token ${staff.token}` };
      expect((await app.inject({ url: '/api/test/whoami', headers })).statusCode).toBe(403);
      expect(calls).toEqual([]);

      await app.repositories.grants.put('mchen', 'superuser', null, new Date());
      await app.repositories.users.setFlag('mchen', 'is_superuser', true, new Date());
      await app.sessions.rightsChanged('mchen');
      expect((await app.inject({ url: '/api/test/whoami', headers })).statusCode).toBe(200);
      expect(calls).toEqual(['mchen']);
    });
  });
});
