import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { demoMessages } from '../../demo/demo-messages.js';
import { storedLink } from '../../messages/links.js';
import { sampleMessages } from '../../messages/sample-messages.js';

/**
 * Messages and emergency alerts (portal.md §3 Messages, §7): seeds the demo messages, and the sample
 * ones when SEED_SAMPLES is on, at start (each once, by its seed key). Its routes (notifications,
 * rave-messages) are in server/routes, loaded with the others.
 */
export default fp(
  async function messages(app: FastifyInstance) {
    const now = app.clock();
    const added = await app.repositories.messages.seed(
      [...(app.config.seedSamples ? sampleMessages(now) : []), ...demoMessages(now)].map(
        (message) => ({
          ...message,
          action_link: storedLink(message.action_link),
        }),
      ),
    );
    if (added > 0) app.log.info({ added }, 'seeded the sample messages');
  },
  { name: 'messages', dependencies: ['repositories', 'cache'] },
);
