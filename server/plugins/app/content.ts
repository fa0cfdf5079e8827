import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedContent } from '../../content/seed.js';

/** The content store (portal.md §3); seeds the sample content at start when it is empty (SEED_SAMPLES). */
export default fp(
  async function content(app: FastifyInstance) {
    if (!app.config.seedSamples) return;
    if (await seedContent(app.repositories.content, app.clock()))
      app.log.info('seeded the sample content');
  },
  { name: 'content', dependencies: ['repositories'] },
);
