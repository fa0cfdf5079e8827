import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { guardRoutes } from '../../plugins/authenticated.js';

/**
 * The admin's pages and changes: staff, signed in by the session cookie (a browser is sent to sign
 * in); server-rendered forms, so form bodies are read here.
 */
export default async function staffOnly(app: FastifyInstance) {
  await app.register(formbody);
  guardRoutes(app, { by: 'admin', right: 'staff' });
}
