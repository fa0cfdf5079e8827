import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repositoriesOn } from '../../../server/db/repositories.js';
import type { Repositories } from '../../../server/db/repositories.js';
import { authenticated } from '../../../server/plugins/authenticated.js';
import { createTestApp, signIn } from '../helpers/app.js';

describe('the repositories plugin', () => {
  let app: FastifyInstance;
  const seen: Repositories[] = [];
  beforeEach(async () => {
    seen.length = 0;
    app = await createTestApp();
    // Two encapsulated route plugins, as route files are: each sees the app's repositories.
    await app.register(async (routes) => {
      seen.push(routes.repositories);
    });
    await app.register(
      authenticated({ by: 'token' }, async (routes) => {
        seen.push(routes.repositories);
      }),
    );
    await app.ready();
  });
  afterEach(async () => app.close());

  it('hands every route plugin the same repository instances, built once', () => {
    expect(seen).toHaveLength(2);
    for (const repositories of seen) {
      expect(repositories).toBe(app.repositories);
      for (const key of Object.keys(app.repositories) as (keyof Repositories)[]) {
        expect(repositories[key]).toBe(app.repositories[key]);
      }
    }
  });

  it('the session guard and a route read through the decorated instances', async () => {
    const { token } = await signIn(app, 'student');
    const lookup = vi.spyOn(app.repositories.sessions, 'findByTokenHash');
    const forUser = vi.spyOn(app.repositories.calendarTokens, 'forUser');
    const response = await app.inject({
      url: '/api/calendar/subscription',
      headers: { authorization: `Token ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(lookup).toHaveBeenCalled();
    expect(forUser).toHaveBeenCalledTimes(1);
  });

  it('builds a set of its own over another connection (a transaction binds one)', () => {
    const other = repositoriesOn(app.database.db, app.database.dialect);
    expect(Object.keys(other)).toEqual(Object.keys(app.repositories));
    expect(other.users).not.toBe(app.repositories.users);
  });
});
