import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  courseworkDoneChangeSchema,
  courseworkFeedChangeSchema,
  courseworkSchema,
} from '../../../contract/coursework.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { CourseworkRefusal } from '../../coursework/read-calendar.js';
import { readerLanguage } from '../../content/reader-text.js';
import { sayIn } from '../../i18n/said.js';
import { CanvasError } from '../../coursework/canvas-answers.js';

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
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'My coursework calendar feed and its items',
        security: [{ token: [] }],
        response: { 200: courseworkSchema, 401: errorSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await service.answer(request.subject.id)),
  );

  r.put(
    '/api/coursework/feed',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Add or replace my coursework calendar feed (read once before it is kept)',
        security: [{ token: [] }],
        body: courseworkFeedChangeSchema,
        response: answers,
      },
    },
    async (request, reply) => {
      try {
        await service.add(request.subject.id, request.body.address);
      } catch (err) {
        // Said in the reader's language (issue 76).
        if (err instanceof CourseworkRefusal)
          return reply
            .code(400)
            .send({ detail: sayIn(err.said, await readerLanguage(app, request)) });
        throw err;
      }
      return reply
        .header('cache-control', 'no-store')
        .send(await service.answer(request.subject.id));
    },
  );

  r.delete(
    '/api/coursework/feed',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Remove my coursework calendar feed and its items',
        security: [{ token: [] }],
        response: answers,
      },
    },
    async (request, reply) => {
      await service.remove(request.subject.id);
      return reply
        .header('cache-control', 'no-store')
        .send(await service.answer(request.subject.id));
    },
  );

  r.post(
    '/api/coursework/refresh',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Read my coursework calendar feed now (at most once a minute: refresh_after)',
        security: [{ token: [] }],
        response: answers,
      },
    },
    async (request, reply) => {
      await service.refreshOnDemand(request.subject.id);
      return reply
        .header('cache-control', 'no-store')
        .send(await service.answer(request.subject.id));
    },
  );

  r.put(
    '/api/coursework/done',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
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
        found = await service.setDone(request.subject.id, id, done);
      } catch (err) {
        // A Canvas item's mark is written to Canvas first: nothing changed when Canvas did not take it.
        if (err instanceof CanvasError) {
          return reply.code(502).send({
            detail: sayIn(
              /*i18n*/ {
                id: 'coursework.canvas.not-taken',
                message: 'Canvas did not take the change. Please try again in a moment.',
              },
              await readerLanguage(app, request),
            ),
          });
        }
        throw err;
      }
      if (!found) {
        const said = /*i18n*/ {
          id: 'coursework.refused.no-item',
          message: 'No such coursework item.',
        };
        return reply.code(404).send({ detail: sayIn(said, await readerLanguage(app, request)) });
      }
      return reply
        .header('cache-control', 'no-store')
        .send(await service.answer(request.subject.id));
    },
  );
}
