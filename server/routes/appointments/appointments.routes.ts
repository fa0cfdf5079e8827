import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APPOINTMENTS_MAX, appointmentsSchema } from '../../../contract/appointments.schema.js';
import type { Appointment } from '../../../contract/appointments.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import type { AppointmentRecord } from '../../db/repositories/appointments.repository.js';

const answerOf = (a: AppointmentRecord): Appointment => ({
  id: a.id,
  with: { name: a.withName, office: a.withOffice },
  starts_at: a.startsAt.toISOString(),
  ends_at: a.endsAt.toISOString(),
  place: a.place,
  online_link: a.onlineLink,
  cancelled: a.cancelled,
  from: a.from,
});

/**
 * Issue 92: the signed-in person's upcoming appointments, as booking systems posted them through the
 * inbound API: those not over yet (one under way included), soonest first, at most
 * APPOINTMENTS_MAX; cancelled ones are listed and marked.
 */
export default async function appointmentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/appointments',
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'My upcoming appointments, soonest first (cancelled ones marked)',
        security: [{ token: [] }],
        response: { 200: appointmentsSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const rows = await app.repositories.appointments.endingAfter(
        request.subject.id,
        app.clock(),
        APPOINTMENTS_MAX,
      );
      return reply.header('cache-control', 'no-store').send({ appointments: rows.map(answerOf) });
    },
  );
}
