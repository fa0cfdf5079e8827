import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { personaIdSchema } from '../../../../contract/persona.schema.js';
import { userSchema } from '../../../../contract/user.schema.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { createTestApp, signIn } from '../../helpers/app.js';

describe('GET /api/users/user', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(async () => app.close());

  it('answers 401 with a detail when signed out', async () => {
    const response = await app.inject({ url: '/api/users/user' });
    expect(response.statusCode).toBe(401);
    expect(errorSchema.parse(response.json()).detail).toBeTruthy();
  });

  it('answers 403 has_provisional_account for the provisional persona', async () => {
    const { cookie } = await signIn(app, 'provisional');
    const response = await app.inject({ url: '/api/users/user', headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'has_provisional_account' });
  });

  it.each(personaIdSchema.options.filter((p) => p !== 'provisional'))(
    'answers the %s persona as an authenticated user with a token',
    async (id) => {
      const { cookie } = await signIn(app, id);
      const response = await app.inject({ url: '/api/users/user', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const user = userSchema.parse(response.json());
      const persona = findPersona(id);
      expect(user).toMatchObject({
        is_authenticated: true,
        username: persona.username,
        primary_role: persona.primary_role,
        other_roles: persona.other_roles,
        is_staff: persona.is_staff,
        financial_dashboard_access: persona.financial_dashboard_access,
      });
      expect(user.auth_token.length).toBeGreaterThanOrEqual(32);
    },
  );

  it('does not take the token in place of the cookie', async () => {
    const { token } = await signIn(app, 'student');
    const response = await app.inject({
      url: '/api/users/user',
      headers: { authorization: `Token ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
