import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { guardRoutes } from '../../../plugins/authenticated.js';

/**
 * View as a student (issue 73): the Support right (staff or not), signed in by the session cookie;
 * always as the signed-in person themselves, never inside a view; its forms' bodies.
 */
export default async function supportOnly(app: FastifyInstance) {
  await app.register(formbody);
  guardRoutes(app, { by: 'admin', right: 'support' });
}
