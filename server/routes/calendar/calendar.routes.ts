import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarSubscriptionSchema } from '../../../contract/calendar.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { newCalendarToken, recordFor, subscriptionOf } from '../../calendar/tokens.js';

/**
 * The signed-in person's own calendar address (`GET`/`POST /api/calendar/subscription`; POST makes a
 * new address and the old one answers 404 from then on). The feed itself is `public/feed.routes.ts`.
 */
export default async function calendarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tokens = app.repositories.calendarTokens;
  const answer = { 200: calendarSubscriptionSchema, 401: errorSchema };

  r.get(
    '/api/calendar/subscription',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'My calendar subscription',
        security: [{ token: [] }],
        response: answer,
      },
    },
    async (request, reply) => {
      const record = await tokens.forUser(request.subject.id);
      return reply
        .header('cache-control', 'no-store')
        .send(subscriptionOf(record, app.secretBox, app.clock()));
    },
  );

  r.post(
    '/api/calendar/subscription',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Make a new calendar address (the old one stops working)',
        security: [{ token: [] }],
        response: answer,
      },
    },
    async (request, reply) => {
      const user = request.subject;
      const now = app.clock();
      const record = recordFor(user.id, newCalendarToken(), app.secretBox, now);
      await tokens.replace(record);
      request.log.info({ userId: user.id }, 'calendar address reset');
      return reply
        .header('cache-control', 'no-store')
        .send(subscriptionOf(record, app.secretBox, now));
    },
  );
}
