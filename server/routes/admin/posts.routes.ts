import { postKind } from './post-pages.js';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../admin/crud.js';

/**
 * Content posts (portal.md §3): every type with all its fields and links, and publishing; a post's
 * image and its links' order are `post-image.routes.ts` and `post-links.routes.ts`.
 */
export default async function postsRoutes(app: FastifyInstance) {
  registerCrud(app, postKind(app));
}
