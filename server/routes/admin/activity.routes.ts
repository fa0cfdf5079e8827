import { SELF_WRITES } from '../../auth/access.js';
import type { FastifyInstance } from 'fastify';
import { addDays, format, fromZonedTime, parseISO } from '../../date-fns.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIT_PAGE_SIZE,
  adminAuditQuerySchema,
  adminIdParamsSchema,
} from '../../../contract/admin/admin.schema.js';
import { adminPage } from '../../admin/layout.js';
import { sendProblem } from '../../html/page.js';
import { ActivityBody } from './activity-view.js';
import { AuditEntryBody } from './activity-entry-view.js';

/**
 * `/admin`: the staff admin's first page, the activity (portal.md §6 footer admin link), and the 404
 * of every address under `/admin` that is not a page. Server-rendered forms with no script; every
 * change of this folder's pages is audited. The activity is paged (`AUDIT_PAGE_SIZE` entries; an
 * "Older entries" link carries a keyset cursor, issue 87) and each value cut short on it;
 * `/admin/activity/:id` shows one entry's values in full (issue 71: a fuzzed store made the first
 * page 2.3 MB).
 */
export default async function activityRoutes(app: FastifyInstance) {
  const { timeZone, productName } = app.config.campus;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ledger = app.payments.ledger;
  const { confirmationDays } = app.config.campusPayments;
  /** Issue 89: received payments the SIS has not posted within the campus's window. */
  const latePayments = async () => {
    const before = new Date(app.clock().getTime() - confirmationDays * 86_400_000);
    const late = await ledger.lateReceived(before);
    const payments = await Promise.all(
      late.map(async (p) => ({
        id: p.id,
        username: (await app.repositories.users.findById(p.personId))?.username ?? null,
        amountCents: p.amountCents,
        providerRef: p.providerRef,
        receivedAt: (p.receivedAt ?? p.updatedAt).toISOString(),
      })),
    );
    return { payments, days: confirmationDays };
  };
  r.get(
    '/admin',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, querystring: adminAuditQuerySchema },
    },
    async (request, reply) => {
      const query = request.query;
      const startOf = (day: string) => fromZonedTime(`${day}T00:00:00`, timeZone);
      const entries = await app.repositories.audit.search({
        username: query.person || undefined,
        kind: query.kind || undefined,
        from: query.from ? startOf(query.from) : undefined,
        until: query.until
          ? startOf(format(addDays(parseISO(query.until), 1), 'yyyy-MM-dd'))
          : undefined,
        // One more than a page: whether an older page exists.
        limit: AUDIT_PAGE_SIZE + 1,
        before: query.before,
      });
      const kinds = await app.repositories.audit.kinds();
      const body = ActivityBody({
        entries: entries.slice(0, AUDIT_PAGE_SIZE),
        older: entries.length > AUDIT_PAGE_SIZE,
        kinds,
        query,
        timeZone,
        feedProblems: app.feedProblems.list(),
        latePayments: await latePayments(),
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(adminPage(request, productName, { title: 'Activity', section: 'activity', body }));
    },
  );

  r.get(
    '/admin/activity/:id',
    {
      config: { access: { self: 'read', support: null, delegate: null } },
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      const entry = await app.repositories.audit.byId(request.params.id);
      if (!entry) {
        return sendProblem(request, reply, {
          status: 404,
          title: 'Not found',
          detail: 'There is no such entry in the activity.',
          link: { href: '/admin', text: 'Back to the activity' },
        });
      }
      const body = AuditEntryBody({ entry, timeZone });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          adminPage(request, productName, {
            title: `Activity entry ${entry.id}`,
            section: 'activity',
            body,
          }),
        );
    },
  );

  // Addresses under /admin that are not pages: 404 (after the guard), never the portal's app.
  app.all(
    '/admin/*',
    // Any method: a change to an address the admin has not is answered 404, as a read is.
    { config: { access: SELF_WRITES }, schema: { hide: true } },
    async (request, reply) =>
      sendProblem(request, reply, {
        status: 404,
        title: 'Not found',
        detail: 'There is no such page in the admin.',
        link: { href: '/admin', text: 'Back to the admin' },
      }),
  );
}
