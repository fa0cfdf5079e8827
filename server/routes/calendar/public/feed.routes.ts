import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../contract/error.schema.js';
import { calendarDataFor } from '../../../calendar/calendar-data.js';
import { storedLanguage } from '../../../i18n/catalogue.js';
import { personalCalendar } from '../../../calendar/personal-calendar.js';
import { CALENDAR_FILE, hashCalendarToken } from '../../../calendar/tokens.js';

const NOT_FOUND = { detail: 'Not found.' };

/** A strong validator of the document: the same classes and deadlines give the same ETag. */
const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/**
 * The personal calendar feed (`GET /calendar/<token>.ics`): public, as the secret address in it is
 * its credential (the person's own address: ../calendar.routes.ts).
 */
export default async function calendarFeedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tokens = app.repositories.calendarTokens;

  r.get(
    '/calendar/:file',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A personal calendar feed (iCalendar)',
        params: z.object({ file: z.string().max(100) }),
        response: { 404: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => feed(request, reply, request.params.file),
  );

  async function feed(request: FastifyRequest, reply: FastifyReply, file: string) {
    reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    const token = CALENDAR_FILE.exec(file)?.[1];
    const record = token ? await tokens.findByHash(hashCalendarToken(token)) : undefined;
    const user = record && (await app.repositories.users.findById(record.userId));
    if (!user) return reply.code(404).send(NOT_FOUND);
    const language = storedLanguage(await app.repositories.preferences.languageOf(user.id));
    let body: string;
    try {
      body = personalCalendar({
        ...(await calendarDataFor(app, user)),
        holidays: app.config.campus.holidays,
        buildings: app.config.campuses[language].buildings,
        zone: app.config.campus.timeZone,
        // The portal's name in the person's language, as the feed's words (issue 59).
        productName: app.config.campuses[language].productName,
        language,
        // Configured, never the request's Host: whoever asks cannot choose where the links point.
        origin: app.config.publicOrigin,
        stamp: record.createdAt,
        now: app.clock(),
      });
    } catch (err) {
      request.log.error({ err }, 'personal calendar could not be made');
      return reply
        .code(503)
        .header('retry-after', '300')
        .send({ detail: 'The calendar is unavailable for a moment; try again later.' });
    }
    const etag = etagOf(body);
    reply.header('etag', etag).header('cache-control', 'private, max-age=300');
    if (matches(request, etag)) return reply.code(304).send();
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="calendar.ics"')
      .send(body);
  }
}
