import type { FastifyInstance } from 'fastify';
import type { PersonaId } from '../../../../contract/persona.schema.js';
import { userTaskListSchema } from '../../../../contract/next-steps/task.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';

/** The fixed "now" of the Next Steps tests: the sample data is seeded relative to it. */
export const NOW = new Date('2026-09-15T12:00:00.000Z');

export const api = (path: string) => `/next-steps/api/${path}`;

export async function nextStepsApp(): Promise<FastifyInstance> {
  return createTestApp({ clock: () => NOW });
}

/** Signs in and answers a helper that sends requests with the user's token. */
export async function as(app: FastifyInstance, persona: PersonaId) {
  const { cookie, token } = await signIn(app, persona);
  const headers = { authorization: `Token ${token}` };
  return {
    cookie,
    token,
    get: (path: string) => app.inject({ method: 'GET', url: api(path), headers }),
    patch: (path: string, payload: unknown) =>
      app.inject({ method: 'PATCH', url: api(path), headers, payload: payload as object }),
    tasks: async () => {
      const response = await app.inject({
        method: 'GET',
        url: api('user_task/?published=True'),
        headers,
      });
      return userTaskListSchema.parse(response.json());
    },
  };
}
