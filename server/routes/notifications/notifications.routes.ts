import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { handedOut } from '../../messages/links.js';
import { recipientOf } from '../../messages/recipient.js';
import {
  markMessageReadSchema,
  messageParamsSchema,
  messageSchema,
  messagesSchema,
} from '../../../contract/messages.schema.js';

/**
 * portal.md §7 messages: `GET /api/notifications/user` (the person's own, their roles' and everyone's,
 * newest first, expired ones left out; the demo messages in demo mode) and `PATCH
 * /api/notifications/{pk}` marking one read for that person. A message that is not theirs answers 404,
 * the same as one that does not exist.
 */
export default async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications/user',
    {
      schema: {
        summary: 'Messages',
        security: [{ token: [] }],
        response: { 200: messagesSchema, 401: errorSchema },
      },
    },
    async (request) => {
      // A reader who never chose a language reads in their browser's (issue 59).
      const browser = requestLanguage(request);
      const messages = await request.adapters.messages.forRecipient(
        recipientOf(request.subject),
        app.clock(),
      );
      return messages.map((message) => handedOut(message, browser));
    },
  );

  r.patch(
    '/api/notifications/:pk',
    {
      schema: {
        summary: 'Mark a message read',
        security: [{ token: [] }],
        params: messageParamsSchema,
        body: markMessageReadSchema,
        response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const message = await request.adapters.messages.markRead(
        recipientOf(request.subject),
        request.params.pk,
        request.body.user_read_on,
        app.clock(),
      );
      return message
        ? handedOut(message, requestLanguage(request))
        : reply.code(404).send({ detail: 'Not found.' });
    },
  );
}
