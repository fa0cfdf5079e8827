import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canvasConnectSchema } from '../../../contract/coursework.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  CANVAS_STATE_COOKIE,
  CanvasRefusal,
  NO_CANVAS,
} from '../../coursework/canvas-connection.js';
import { stateCookie } from './canvas-state-cookie.js';
import { readerLanguage } from '../../content/reader-text.js';
import { sayIn } from '../../i18n/said.js';

/**
 * `POST /api/coursework/canvas` (signed in): begins connecting the campus's Canvas. The answer is
 * Canvas's address for the browser to go to; the cookie binds the round trip to this browser, for
 * the callback only, and is used once.
 */
export default async function canvasConnectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/coursework/canvas',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Begin connecting my Canvas account (OAuth 2): where to send the browser',
        security: [{ token: [] }],
        response: { 200: canvasConnectSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      let start;
      try {
        const canvas = app.coursework.source('canvas');
        if (!canvas) throw new CanvasRefusal(NO_CANVAS);
        start = canvas.start(request.subject.id);
      } catch (err) {
        // The one refusal here: the campus has no Canvas set up. Said in the reader's language.
        if (err instanceof CanvasRefusal) {
          const said = /*i18n*/ {
            id: 'coursework.refused.no-canvas',
            message: 'This portal is not set up to connect Canvas.',
          };
          return reply.code(404).send({ detail: sayIn(said, await readerLanguage(app, request)) });
        }
        throw err;
      }
      reply.setCookie(CANVAS_STATE_COOKIE, start.nonce, {
        ...stateCookie(app),
        expires: start.expires,
      });
      return reply.header('cache-control', 'no-store').send({ url: start.url });
    },
  );
}
