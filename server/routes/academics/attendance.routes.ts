import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attendanceReadBodySchema,
  attendanceReadSchema,
  attendanceSchema,
} from '../../../contract/attendance.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { termQuerySchema } from '../../../contract/sis/common.schema.js';
import { attendanceAnswer, attendanceRead } from '../../sis/attendance.js';
import type { AttendanceFacts } from '../../sis/attendance.js';
import { TERM_OUT_OF_WINDOW, isTermInWindow } from '../../sis/terms.js';
import { sisFailed } from '../integrations/sis-reply.js';

const attendanceFacts = (request: FastifyRequest, reply: FastifyReply, term: string) =>
  request.adapters.sis.derived(attendanceRead, reply, term);

/**
 * portal.md §4/§5 initiation-of-attendance: the term's courses with what the warning rule reads, and
 * marking a course's warning read, stored per user, term and course so it stays read everywhere.
 */
export default async function attendanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/academics/attendance',
    {
      config: {
        access: { self: 'read', support: 'read', delegate: { category: 'academics', may: 'read' } },
      },
      schema: {
        summary: "Initiation of attendance: the term's courses and which warnings were read",
        security: [{ token: [] }],
        querystring: termQuerySchema,
        response: { 200: attendanceSchema, 400: errorSchema, 401: errorSchema, 500: errorSchema },
      },
    },
    async (request, reply) => {
      const { term } = request.query;
      if (!isTermInWindow(term, app.clock())) return reply.code(400).send(TERM_OUT_OF_WINDOW);
      let facts: AttendanceFacts;
      try {
        facts = await attendanceFacts(request, reply, term);
      } catch (err) {
        return sisFailed(request, reply, 'attendance', err);
      }
      const reads = await app.repositories.attendanceReads.forTerm(request.subject.id, term);
      return attendanceAnswer(term, facts, reads);
    },
  );

  r.post(
    '/api/academics/attendance/read',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: "Mark a course's initiation-of-attendance warning read",
        security: [{ token: [] }],
        body: attendanceReadBodySchema,
        response: {
          200: attendanceReadSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          500: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { term, crn } = request.body;
      if (!isTermInWindow(term, app.clock())) return reply.code(400).send(TERM_OUT_OF_WINDOW);
      let facts: AttendanceFacts;
      try {
        facts = await attendanceFacts(request, reply, term);
      } catch (err) {
        return sisFailed(request, reply, 'attendance', err);
      }
      if (!facts.some((c) => c.COURSEREGISTRATIONNUMBER === crn)) {
        return reply
          .code(404)
          .send({ detail: 'You are not registered for this course this term.' });
      }
      const readOn = await app.repositories.attendanceReads.markRead(
        request.subject.id,
        term,
        crn,
        app.clock(),
      );
      return { term, crn, read_on: readOn };
    },
  );
}
