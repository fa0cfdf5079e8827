import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ContentRepository } from '../db/repositories/content.repository.js';
import { seedContent } from './seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentRepository;
  }
}

/** The content store (portal.md §3); seeds the sample content at start when it is empty. */
export default fp(
  async function content(app: FastifyInstance) {
    const repository = new ContentRepository(app.database.db);
    app.decorate('content', repository);
    if (await seedContent(repository, app.clock())) app.log.info('seeded the sample content');
  },
  { name: 'content', dependencies: ['db'] },
);
