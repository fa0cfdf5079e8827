import type { FastifyInstance } from 'fastify';
import { findPersona } from '../sis/personas.js';

/**
 * The embedded default shows reminders at once: the sample student has a record before anyone signs
 * in (as their first sign-in would make it), so their due-soon sample tasks reach the outbox.
 */
export async function ensureSampleStudent(app: FastifyInstance): Promise<void> {
  const persona = findPersona('student');
  if (await app.repositories.users.findByUsername(persona.username)) return;
  const user = await app.repositories.users.upsertFromPersona(persona, app.clock());
  await app.nextSteps.prepare(user);
}
