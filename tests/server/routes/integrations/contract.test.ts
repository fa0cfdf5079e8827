import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaIdSchema } from '../../../../contract/persona.schema.js';
import type { PersonaId } from '../../../../contract/persona.schema.js';
import { userProfileListSchema } from '../../../../contract/profile.schema.js';
import { rolesSchema } from '../../../../contract/roles.schema.js';
import {
  integrationAnswerSchemas,
  integrations,
  termIntegrations,
} from '../../../../contract/sis/integrations.schema.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { createTestApp, signIn } from '../../helpers/app.js';

// A provisional account gets 403 on every authenticated route (tests/server/security/probe-findings).
const personaIds = personaIdSchema.options.filter((id) => id !== 'provisional');
const isTermRead = (read: string) => termIntegrations.some((t) => t === read);

describe('every SIS-backed endpoint answers every persona from the sample SIS, as the contract says', () => {
  let app: FastifyInstance;
  const tokens = new Map<PersonaId, string>();

  beforeAll(async () => {
    app = await createTestApp();
    for (const id of personaIds) {
      const { token } = await signIn(app, id);
      tokens.set(id, token);
    }
  });
  afterAll(async () => app.close());

  const cases = personaIds.flatMap((id) => integrations.map((read) => [id, read] as const));
  it.each(cases)('%s: GET integrations/finti/%s', async (id, read) => {
    const query = isTermRead(read) ? '?term=202604' : '';
    const response = await app.inject({
      url: `/api/integrations/finti/${read}${query}`,
      headers: { authorization: `Token ${tokens.get(id)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-cache']).toMatch(/^(miss|hit)$/);
    expect(integrationAnswerSchemas[read].safeParse(response.json()).success).toBe(true);
  });

  it.each(personaIds)('%s: GET psu_user_profile and POST users/roles', async (id) => {
    const headers = { authorization: `Token ${tokens.get(id)}` };
    const persona = findPersona(id);
    const profile = await app.inject({ url: '/api/psu_user_profile', headers });
    const [first] = userProfileListSchema.parse(profile.json());
    expect(first?.nine_number).toBe(persona.nine_number);
    const employee = persona.primary_role !== 'student' || persona.other_roles.length > 0;
    expect(first?.staff_faculty_info != null).toBe(employee);
    const roles = await app.inject({ method: 'POST', url: '/api/users/roles', headers });
    expect(rolesSchema.parse(roles.json())).toEqual({
      primary_role: persona.primary_role,
      other_roles: persona.other_roles,
    });
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ url: '/api/integrations/finti/holds' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('detail');
  });
});
