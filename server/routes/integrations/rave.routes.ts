import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertParamsSchema,
  emergencyAlertSchema,
  emergencyAlertsAnswerSchema,
  markAlertReadSchema,
} from '../../../contract/alerts.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { OutageMemo, currentEmergencyAlerts } from '../../feeds/emergency-feed.js';
import { readerLanguage } from '../../content/reader-text.js';
import { withInboundAlerts } from '../../inbound/alerts.js';
import type { ReaderAlert } from '../../inbound/alerts.js';

/**
 * What a browser is told of an alert: never the feed's identifiers or references; for a Spanish
 * reader, the language its text is in (issue 59).
 */
const shown = ({ id, title, description, pubDate, severity, lang }: ReaderAlert) => ({
  id,
  title,
  description,
  pubDate,
  severity,
  ...(lang ? { lang } : {}),
});

/** A slow alert feed must not hold up the page: it gets this long. */
export const EMERGENCY_FEED_TIMEOUT_MS = 3_000;

/**
 * portal.md §7 `GET /api/integrations/rave-messages`: the university's emergency alerts of the last
 * 3 days (at most 10, newest first) with the person's read state and the ended ones as history, or `{checked: false}` when they
 * could not be checked, and `PATCH /api/integrations/rave-messages/{id}` marking one
 * read for them (an alert not in the feed now answers 404).
 */
export default async function raveRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const outage = new OutageMemo();
  const feedAlerts = () =>
    currentEmergencyAlerts({
      url: app.config.campus.emergencyAlertsFeed,
      timeoutMs: EMERGENCY_FEED_TIMEOUT_MS,
      cache: app.cache,
      clock: () => app.clock(),
      campus: app.config.campus,
      log: app.log,
      outage,
      onRead: (outcome) => app.metrics.feedRead('rave-messages', outcome, app.clock()),
    });
  // The feed's alerts and the publishers' alerts that reach the person (issue 60).
  // In the reader's language (issue 59): the one they chose, else their browser's.
  const alerts = async (request: FastifyRequest) => {
    const current = await feedAlerts();
    if (!current.checked) return current;
    const all = await withInboundAlerts(
      app.repositories,
      request.subject.id,
      current.alerts,
      app.clock(),
      await readerLanguage(app, request),
    );
    return { ...current, alerts: all };
  };

  r.get(
    '/api/integrations/rave-messages',
    {
      config: {
        access: { self: 'read', support: 'read', delegate: { category: 'messages', may: 'read' } },
      },
      schema: {
        summary: 'Emergency alerts',
        security: [{ token: [] }],
        response: { 200: emergencyAlertsAnswerSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const current = await alerts(request);
      if (!current.checked) return current;
      const ids = current.alerts.map((a) => a.id);
      const read = await app.repositories.alertReads.readOf(request.subject.id, ids);
      const answer = current.alerts.map((alert) => ({ ...shown(alert), read: read.has(alert.id) }));
      const ended = current.ended.map((alert) => ({ ...shown(alert), ended: alert.ended }));
      return { checked: true as const, alerts: answer, ended };
    },
  );

  r.patch(
    '/api/integrations/rave-messages/:id',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: 'Mark an emergency alert read',
        security: [{ token: [] }],
        params: alertParamsSchema,
        body: markAlertReadSchema,
        response: {
          200: emergencyAlertSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          500: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const current = await alerts(request);
      if (!current.checked) {
        return reply.code(500).send({
          detail: 'The emergency alert feed could not be read.',
          component: 'rave-messages',
        });
      }
      const alert = current.alerts.find((a) => a.id === request.params.id);
      if (!alert) return reply.code(404).send({ detail: 'Not found.' });
      await app.repositories.alertReads.markRead(
        request.subject.id,
        alert.id,
        request.body.user_read_on,
      );
      return { ...shown(alert), read: true };
    },
  );
}
