import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { handedOut } from '../../messages/links.js';
import { recipientOf } from '../../messages/recipient.js';
import {
  MESSAGES_BANNER_LIMIT,
  MESSAGES_PAGE_MAX,
  MESSAGES_PAGE_SIZE,
  cursorAfter,
  markAllReadSchema,
  markMessageReadSchema,
  markedAllSchema,
  messagePageSchema,
  messageParamsSchema,
  messageSchema,
  messagesQuerySchema,
  readCursor,
} from '../../../contract/messages.schema.js';

/**
 * portal.md §7 messages: `GET /api/notifications/user` (the person's own, their roles' and everyone's,
 * newest first, expired ones left out; the demo messages in demo mode), a page at a time (issue 87),
 * `PATCH /api/notifications/{pk}` marking one read for that person (a message that is not theirs
 * answers 404, the same as one that does not exist), and `POST /api/notifications/read` marking all of
 * them read, or all of one category (What's New's blog messages), on every page, loaded or not.
 */
export default async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications/user',
    {
      config: {
        access: { self: 'read', support: 'read', delegate: { category: 'messages', may: 'read' } },
      },
      schema: {
        summary: 'Messages, a page at a time',
        description: `Issue 87: ${MESSAGES_PAGE_SIZE} messages a page unless \`limit\` asks (at most ${MESSAGES_PAGE_MAX}); \`next\` is the cursor of the next page (\`?after=\`), stable as new messages arrive. \`unread\` and \`banner\` are of the whole list.`,
        security: [{ token: [] }],
        querystring: messagesQuerySchema,
        response: { 200: messagePageSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      // A reader who never chose a language reads in their browser's (issue 59).
      const browser = requestLanguage(request);
      const { limit, after } = request.query;
      const page = await request.adapters.messages.pageFor(
        recipientOf(request.subject),
        app.clock(),
        {
          limit,
          // Checked by the query's schema: a cursor that reads as none was answered 400 already.
          ...(after === undefined ? {} : { after: readCursor(after) ?? undefined }),
          bannerLimit: MESSAGES_BANNER_LIMIT,
        },
      );
      const last = page.messages.at(-1);
      return {
        messages: page.messages.map((message) => handedOut(message, browser)),
        next: page.more && last ? cursorAfter(last) : null,
        unread: page.unread,
        banner: page.banner.map((message) => handedOut(message, browser)),
      };
    },
  );

  r.post(
    '/api/notifications/read',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Mark all messages read',
        description:
          "Every message of the person, on every page of the list, or only `category`'s (portal.md §4: What's New marks the blog messages). A message already read keeps its first read time.",
        security: [{ token: [] }],
        body: markAllReadSchema,
        response: { 200: markedAllSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) =>
      request.adapters.messages.markAllRead(
        recipientOf(request.subject),
        request.body.user_read_on,
        app.clock(),
        request.body.category,
      ),
  );

  r.patch(
    '/api/notifications/:pk',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
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
