import type { FastifyInstance } from 'fastify';
import type { PersonaId } from '../../../../contract/persona.schema.js';
import { signIn } from '../../helpers/app.js';

/** A GET of `url` as `persona`, with their API token. */
export async function getAs(app: FastifyInstance, persona: PersonaId, url: string) {
  const { token } = await signIn(app, persona);
  return app.inject({ url, headers: { authorization: `Token ${token}` } });
}
