import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import { PORTAL_VIEWS_MAX, portalViewListSchema } from '../../../contract/portal-views.schema.js';
import type { PortalView } from '../../../contract/portal-views.schema.js';

/**
 * `GET /api/view-as/views` (issue 73): Account → "Who has seen your portal": each view of the
 * person's portal by support, newest first: when, for how long, the viewer's office (their Support grant's, else VIEW_AS_OFFICE; and the staff member's
 * name where the campus shows it, VIEW_AS_SHOW_NAME), the reason.
 */
export default async function viewAsRoutes(app: FastifyInstance) {
  const { office, showName } = app.config.viewAs;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/view-as/views',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: "Who has seen the person's portal (support's views as them)",
        security: [{ token: [] }],
        response: { 200: portalViewListSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const now = app.clock().getTime();
      const views = await app.repositories.viewAs.ofSubject(request.subject.id, PORTAL_VIEWS_MAX);
      const answer: PortalView[] = views.map((v) => {
        const end = v.endedAt ?? (v.endsAt.getTime() <= now ? v.endsAt : null);
        const until = end ? end.getTime() : now;
        return {
          started_at: v.startedAt.toISOString(),
          ended_at: end ? end.toISOString() : null,
          minutes: Math.max(0, Math.round((until - v.startedAt.getTime()) / 60_000)),
          office: v.office ?? office,
          name: showName ? v.actorName : null,
          reason: v.reason,
        };
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
