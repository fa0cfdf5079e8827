import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  pushKeyAnswerSchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '../../../contract/push.schema.js';

/**
 * Web push on a device (issue 29): the VAPID public key the browser subscribes with, and turning
 * notifications on (`POST`, the browser's PushSubscription) or off (`DELETE`) for this device.
 */
export default async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/push/key',
    {
      schema: {
        summary: 'The key devices subscribe to web push with',
        security: [{ token: [] }],
        response: { 200: pushKeyAnswerSchema, 401: errorSchema },
      },
    },
    async () => ({ publicKey: app.notify.pushKey }),
  );

  r.post(
    '/api/push/subscriptions',
    {
      schema: {
        summary: 'Turn notifications on for this device',
        security: [{ token: [] }],
        body: pushSubscriptionBodySchema,
        response: { 200: pushSubscriptionAnswerSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { endpoint, keys } = request.body;
      await app.repositories.pushSubscriptions.save(
        request.user.id,
        { endpoint, ...keys },
        app.clock(),
      );
      return { subscribed: true };
    },
  );

  r.delete(
    '/api/push/subscriptions',
    {
      schema: {
        summary: 'Turn notifications off for this device',
        security: [{ token: [] }],
        body: pushUnsubscribeBodySchema,
        response: { 200: pushSubscriptionAnswerSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      await app.repositories.pushSubscriptions.removeOf(request.user.id, request.body.endpoint);
      return { subscribed: false };
    },
  );
}
