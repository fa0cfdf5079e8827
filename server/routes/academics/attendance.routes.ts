import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceCourseSchema,
  attendanceReadBodySchema,
  attendanceReadSchema,
  attendanceSchema,
} from '../../../contract/attendance.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { termQuerySchema } from '../../../contract/sis/common.schema.js';
import { isSisWarning } from '../../../contract/sis/warning.schema.js';
import { ATTENDANCE_FRESH_MINUTES } from '../../sis/endpoints.js';
import { TERM_OUT_OF_WINDOW, isTermInWindow } from '../../sis/terms.js';
import type { SisAnswer } from '../../sis/endpoints.js';
import type { DerivedRead } from '../../sources/adapters.js';
import { sisFailed } from '../integrations/sis-reply.js';

const factsSchema = z.array(attendanceCourseSchema.omit({ read_on: true }));
type Facts = z.infer<typeof factsSchema>;

const factsOf = (courses: SisAnswer<'courses'>): Facts =>
  isSisWarning(courses)
    ? []
    : courses.map((c) => ({
        TERMCODE: c.TERMCODE,
        COURSEREGISTRATIONNUMBER: c.COURSEREGISTRATIONNUMBER,
        SUBJECT: c.SUBJECT,
        COURSENUMBER: c.COURSENUMBER,
        COURSETITLE: c.COURSETITLE,
        INITATTENDANCE: c.INITATTENDANCE,
        ACCEPTEDAID: c.ACCEPTEDAID,
        EXCLUSIONLIST: c.EXCLUSIONLIST,
      }));

/**
 * The term's attendance facts from the SIS, under their own cache entry of 60 minutes (portal.md §9
 * "attendance"), shorter than the course list's 240: a recorded attendance should clear the warning
 * within the hour. In demo mode, the demo sample's courses (the request's SIS adapter decides).
 */
const attendanceRead = {
  read: 'courses',
  entry: 'attendance',
  freshMs: ATTENDANCE_FRESH_MINUTES * 60_000,
  of: factsOf,
  schema: factsSchema,
} as const satisfies DerivedRead<'courses', Facts>;

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
      let facts: Facts;
      try {
        facts = await attendanceFacts(request, reply, term);
      } catch (err) {
        return sisFailed(request, reply, 'attendance', err);
      }
      const reads = await app.repositories.attendanceReads.forTerm(request.user.id, term);
      const courses = facts.map((c) => ({
        ...c,
        read_on: reads.get(c.COURSEREGISTRATIONNUMBER) ?? null,
      }));
      return { term, courses };
    },
  );

  r.post(
    '/api/academics/attendance/read',
    {
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
      let facts: Facts;
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
        request.user.id,
        term,
        crn,
        app.clock(),
      );
      return { term, crn, read_on: readOn };
    },
  );
}
