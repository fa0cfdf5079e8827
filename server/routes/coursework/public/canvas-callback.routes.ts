import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CanvasOutcome } from '../../../../contract/coursework.schema.js';
import {
  CANVAS_STATE_COOKIE,
  CanvasRefusal,
  NO_CANVAS,
} from '../../../coursework/canvas-connection.js';
import { CANVAS_CALLBACK_PATH } from '../../../coursework/sources/canvas/settings.js';
import { stateCookie } from '../canvas-state-cookie.js';

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
export default async function canvasCallbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CANVAS_CALLBACK_PATH,
    {
      config: { access: 'public' },
      // A browser's navigation back from Canvas, not an API call: out of the API's document, as
      // the sign-in callbacks are.
      schema: { hide: true, querystring: callbackQuerySchema },
    },
    async (request, reply) => {
      const nonce = request.cookies[CANVAS_STATE_COOKIE];
      reply.clearCookie(CANVAS_STATE_COOKIE, stateCookie(app));
      let outcome: CanvasOutcome = 'connected';
      try {
        const canvas = app.coursework.source('canvas');
        if (!canvas) throw new CanvasRefusal(NO_CANVAS);
        await canvas.finish(request.query, nonce);
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
