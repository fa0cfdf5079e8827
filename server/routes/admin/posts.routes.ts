import postImageRoutes from './post-image.routes.js';
import postLinksRoutes from './post-links.routes.js';
import { postKind } from './post-pages.js';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../admin/crud.js';

/** Content posts (portal.md §3): every type with all its fields and links, images, publishing. */
export default async function postsRoutes(app: FastifyInstance) {
  registerCrud(app, postKind(app));
  await app.register(postImageRoutes);
  await app.register(postLinksRoutes);
}
