import type { FastifyInstance } from 'fastify';
import { accountOf } from '../../auth/acting.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoStateBodySchema, demoStateSchema } from '../../../contract/demo.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { canUseDemo } from '../../auth/rights.js';
import { DEMO_COOKIE, DEMO_LIFETIME_SECONDS, DEMO_MESSAGE_COOKIE } from '../../demo/demo-mode.js';

/**
 * `POST /api/demo-state {"active": boolean}` (portal.md §4 Demo mode): sets the demo and demo-message
 * cookies for one hour, or clears them. Cookie-authenticated with the CSRF check, like every change
 * the page makes with its session cookie. The page reads both cookies (not HttpOnly): demo mode is
 * active at start when they are set, and they carry nothing secret.
 */
export default async function demoRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/demo-state',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Start or end demo mode',
        body: demoStateBodySchema,
        response: { 200: demoStateSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const user = accountOf(request.actor);
      const { active } = request.body;
      if (active && !canUseDemo(user)) {
        return reply.code(403).send({ detail: 'active: demo mode is not available to this user' });
      }
      const options = {
        path: '/',
        httpOnly: false,
        sameSite: 'lax' as const,
        secure: app.config.nodeEnv === 'production',
      };
      if (active) {
        const expires = new Date(app.clock().getTime() + DEMO_LIFETIME_SECONDS * 1000);
        const lasting = { ...options, maxAge: DEMO_LIFETIME_SECONDS, expires };
        reply.setCookie(DEMO_COOKIE, '1', lasting);
        reply.setCookie(DEMO_MESSAGE_COOKIE, '1', lasting);
      } else {
        reply.clearCookie(DEMO_COOKIE, options);
        reply.clearCookie(DEMO_MESSAGE_COOKIE, options);
      }
      await app.audit(request, active ? 'demo.start' : 'demo.end');
      return reply.header('cache-control', 'no-store').send({ active });
    },
  );
}
