import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CanvasOutcome } from '../../../contract/coursework.schema.js';
import {
  canvasConnectSchema,
  courseworkDoneChangeSchema,
  courseworkFeedChangeSchema,
  courseworkSchema,
} from '../../../contract/coursework.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { CourseworkRefusal } from '../../coursework/coursework.js';
import { CANVAS_STATE_COOKIE, CanvasRefusal } from '../../coursework/canvas-connection.js';
import { CanvasError } from '../../coursework/canvas-planner.js';
import { CANVAS_CALLBACK_PATH } from '../../config/lms.js';

/**
 * Coursework deadlines (issue 45): the signed-in student's LMS calendar feed and its items. Every
 * answer is the feed (masked, never the address) and the items; `no-store`, as they are personal.
 */
export default async function courseworkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.coursework;
  const answers = { 200: courseworkSchema, 400: errorSchema, 401: errorSchema };

  r.get(
    '/api/coursework',
    {
      schema: {
        summary: 'My coursework calendar feed and its items',
        security: [{ token: [] }],
        response: { 200: courseworkSchema, 401: errorSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await service.answer(request.user.id)),
  );

  r.put(
    '/api/coursework/feed',
    {
      schema: {
        summary: 'Add or replace my coursework calendar feed (read once before it is kept)',
        security: [{ token: [] }],
        body: courseworkFeedChangeSchema,
        response: answers,
      },
    },
    async (request, reply) => {
      try {
        await service.add(request.user.id, request.body.address);
      } catch (err) {
        if (err instanceof CourseworkRefusal) return reply.code(400).send({ detail: err.message });
        throw err;
      }
      return reply.header('cache-control', 'no-store').send(await service.answer(request.user.id));
    },
  );

  r.delete(
    '/api/coursework/feed',
    {
      schema: {
        summary: 'Remove my coursework calendar feed and its items',
        security: [{ token: [] }],
        response: answers,
      },
    },
    async (request, reply) => {
      await service.remove(request.user.id);
      return reply.header('cache-control', 'no-store').send(await service.answer(request.user.id));
    },
  );

  r.post(
    '/api/coursework/refresh',
    {
      schema: {
        summary: 'Read my coursework calendar feed now',
        security: [{ token: [] }],
        response: answers,
      },
    },
    async (request, reply) => {
      await service.refresh(request.user.id);
      return reply.header('cache-control', 'no-store').send(await service.answer(request.user.id));
    },
  );

  r.put(
    '/api/coursework/done',
    {
      schema: {
        summary: 'Mark one of my coursework items done in the portal, or not done again',
        security: [{ token: [] }],
        body: courseworkDoneChangeSchema,
        response: { ...answers, 404: errorSchema, 502: errorSchema },
      },
    },
    async (request, reply) => {
      const { id, done } = request.body;
      let found: boolean;
      try {
        found = await service.setDone(request.user.id, id, done);
      } catch (err) {
        // A Canvas item's mark is written to Canvas first: nothing changed when Canvas did not take it.
        if (err instanceof CanvasError) {
          return reply
            .code(502)
            .send({ detail: 'Canvas did not take the change. Please try again in a moment.' });
        }
        throw err;
      }
      if (!found) return reply.code(404).send({ detail: 'No such coursework item.' });
      return reply.header('cache-control', 'no-store').send(await service.answer(request.user.id));
    },
  );
}

/**
 * The OAuth round trip's cookie, set and cleared alike: for the callback's path only; Lax, as Canvas
 * sends the student back by a top-level navigation from its own site.
 */
const stateCookie = (app: FastifyInstance) =>
  ({
    path: CANVAS_CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.nodeEnv === 'production',
  }) as const;

/**
 * `POST /api/coursework/canvas` (signed in): begins connecting the campus's Canvas. The answer is
 * Canvas's address for the browser to go to; the cookie binds the round trip to this browser, for
 * the callback only, and is used once.
 */
export async function canvasConnectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/coursework/canvas',
    {
      schema: {
        summary: 'Begin connecting my Canvas account (OAuth 2): where to send the browser',
        security: [{ token: [] }],
        response: { 200: canvasConnectSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      let start;
      try {
        start = app.coursework.startCanvas(request.user.id);
      } catch (err) {
        if (err instanceof CanvasRefusal) return reply.code(404).send({ detail: err.message });
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

/** What the callback may be given (anything else is ignored); each bounded before it is used. */
const callbackQuerySchema = z.object({
  code: z.string().max(2048).optional().catch(undefined),
  state: z.string().max(4096).optional().catch(undefined),
  error: z.string().max(200).optional().catch(undefined),
});

/**
 * `GET /api/coursework/canvas/callback`: where Canvas sends the student back. No API token comes
 * with a navigation: the sealed state names the student and the cookie proves it is the browser
 * that began; either missing, expired or used, nothing changes. Back to Account either way, which
 * says how it went.
 */
export async function canvasCallbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CANVAS_CALLBACK_PATH,
    {
      // A browser's navigation back from Canvas, not an API call: out of the API's document, as
      // the sign-in callbacks are.
      schema: { hide: true, querystring: callbackQuerySchema },
    },
    async (request, reply) => {
      const nonce = request.cookies[CANVAS_STATE_COOKIE];
      reply.clearCookie(CANVAS_STATE_COOKIE, stateCookie(app));
      let outcome: CanvasOutcome = 'connected';
      try {
        await app.coursework.finishCanvas(request.query, nonce);
      } catch (err) {
        outcome = err instanceof CanvasRefusal ? 'refused' : 'failed';
        if (err instanceof CanvasRefusal) {
          // Why, for the campus's IT (an expired state, a refused code): never a token or code.
          const cause = err.cause instanceof Error ? err.cause.message : null;
          app.log.warn({ component: 'canvas', reason: err.message, cause }, 'canvas not connected');
        } else app.log.error({ err }, 'canvas connection failed');
      }
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/account?canvas=${outcome}#coursework`, 303);
    },
  );
}
