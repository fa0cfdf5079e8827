import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  pushKeyAnswerSchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '../../../contract/push.schema.js';
import { canonicalEndpointOf, checkPushEndpoint } from '../../notify/push-endpoint.js';

/** Why an endpoint another person registered is not handed over (the repository's `register`). */
const TAKEN_DETAIL =
  'This browser already gets notifications for another person. They turn notifications off on ' +
  'this browser first (Account, "Notifications on this device"); then you can turn them on.';

/**
 * Web push on a device (issue 29): the VAPID public key the browser subscribes with, and turning
 * notifications on (`POST`, the browser's PushSubscription) or off (`DELETE`) for this device.
 */
export default async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/push/key',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
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
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Turn notifications on for this device',
        security: [{ token: [] }],
        body: pushSubscriptionBodySchema,
        response: {
          200: pushSubscriptionAnswerSchema,
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      // The server will POST to this address: only a push service's, on a public address.
      const target = await checkPushEndpoint(endpoint, app.config.push.serviceHosts);
      if (!target.ok) {
        return reply
          .code(400)
          .send({ detail: `Notifications cannot be sent here: ${target.reason}` });
      }
      const result = await app.repositories.pushSubscriptions.register(
        request.subject.id,
        { endpoint: target.href, ...keys },
        app.clock(),
        app.config.campus.push.maxDevicesPerPerson,
      );
      if (!result.saved) return reply.code(409).send({ detail: TAKEN_DETAIL });
      return { subscribed: true };
    },
  );

  r.delete(
    '/api/push/subscriptions',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Turn notifications off for this device',
        security: [{ token: [] }],
        body: pushUnsubscribeBodySchema,
        response: { 200: pushSubscriptionAnswerSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      // In the one form registration stores (push-endpoint.ts).
      const endpoint = canonicalEndpointOf(request.body.endpoint) ?? request.body.endpoint;
      await app.repositories.pushSubscriptions.removeOf(request.subject.id, endpoint);
      return { subscribed: false };
    },
  );
}
