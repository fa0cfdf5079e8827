import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { guardRoutes } from '../../../plugins/authenticated.js';

/** The admin's grants page: superusers only, signed in by the session cookie; its forms' bodies. */
export default async function superusersOnly(app: FastifyInstance) {
  await app.register(formbody);
  guardRoutes(app, { by: 'admin', right: 'superuser' });
}
