import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reachQuerySchema } from '../../../contract/admin/reach.schema.js';
import { adminPage } from '../../admin/layout.js';
import { attachment, csvOf } from '../../admin/csv.js';
import {
  MESSAGES_SHOWN,
  messageReach,
  taskSeries,
  weekEnds,
  windowStart,
} from '../../notify/reach.js';
import { deliverySpeed } from '../../notify/delivery-speed.js';
import { ReachBody } from './reach-view.js';

/**
 * `/admin/reach` and its CSV exports (issue 29, "staff see reach"): registered in the admin's staff
 * scope (admin.routes.ts), whose guard runs first. The window is bounded by `reachQuerySchema`
 * (at most 26 weeks); every number is counted by the store in a fixed number of statements.
 */
export default async function reachRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { timeZone, productName } = app.config.campus;
  const { reach } = app.repositories;
  const schema = { hide: true, querystring: reachQuerySchema };

  async function messages(weeks: number, now: Date) {
    const since = windowStart(now, weeks);
    const rows = await reach.messagesSince(since, MESSAGES_SHOWN);
    const people = await reach.existingUsernames(
      rows.flatMap((m) => (m.audience === 'person' && m.username ? [m.username] : [])),
    );
    const reached = messageReach({
      messages: rows,
      jobs: await reach.messageJobCounts(since),
      roleGroups: await reach.roleGroups(),
      people,
    });
    return { reached, rows, since };
  }

  /** Delivery speed: two statements more, whatever the number of messages, alerts and jobs. */
  async function delivery(since: string, rows: Parameters<typeof deliverySpeed>[0]['messages']) {
    const [timings, failures] = [
      await reach.deliveryTimings(since),
      await reach.deliveryFailures(since),
    ];
    return deliverySpeed({ messages: rows, timings, failures });
  }

  const csv = (reply: FastifyReply, name: string, body: string) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(name))
      .header('cache-control', 'no-store')
      .send(body);
  const today = (now: Date) => now.toISOString().slice(0, 10);

  r.get(
    '/admin/reach',
    { config: { access: { self: 'read', support: null, delegate: null } }, schema },
    async (request, reply) => {
      const { weeks, type } = request.query;
      const now = app.clock();
      const ends = weekEnds(now, weeks);
      const studentTypes = await reach.studentTypes();
      const known =
        type !== undefined && studentTypes.some((t) => t.id === type) ? type : undefined;
      const rows = await reach.taskWeeks(
        ends,
        known === undefined ? 'all' : { studentTypeId: known },
      );
      const { reached, rows: written, since } = await messages(weeks, now);
      const body = ReachBody({
        weeks,
        type: known,
        studentTypes,
        messages: reached,
        delivery: await delivery(since, written),
        tasks: taskSeries(rows, ends),
        timeZone,
        changes: await app.repositories.recordChanges.countsByKind(
          new Date(now.getTime() - 24 * 3_600_000),
        ),
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(adminPage(request, productName, { title: 'Reach', section: 'reach', body }));
    },
  );

  r.get(
    '/admin/reach/messages.csv',
    { config: { access: { self: 'read', support: null, delegate: null } }, schema },
    async (request, reply) => {
      const now = app.clock();
      const rows = (await messages(request.query.weeks, now)).reached.flatMap((m) => {
        const base = [m.id, m.title, m.audience, m.createdOn, m.recipients, m.reads] as const;
        const rate = m.readRate === null ? null : Math.round(m.readRate * 10000) / 10000;
        return m.channels.length === 0
          ? [[...base, rate, null, 0, 0, 0, 0, 0]]
          : m.channels.map((c) => [
              ...[...base, rate, c.channel, c.sent, c.failed, c.waiting],
              ...[c.dropped, c.refused],
            ]);
      });
      const header = [
        'message_id',
        'title',
        'audience',
        'created_on',
        'recipients',
        'read',
        'read_rate',
        'channel',
        'sent',
        'failed',
        'waiting',
        'not_needed',
        'address_refused',
      ];
      return csv(reply, `reach-messages-${today(now)}.csv`, csvOf(header, rows));
    },
  );

  r.get(
    '/admin/reach/tasks.csv',
    { config: { access: { self: 'read', support: null, delegate: null } }, schema },
    async (request, reply) => {
      const now = app.clock();
      const ends = weekEnds(now, request.query.weeks);
      const all = await reach.taskWeeks(ends, 'all');
      const byType = await reach.taskWeeks(ends, 'type');
      // Every student first, then each type by name, then the students of no type.
      const labelled = [
        ...all.map((row) => ({ row, type: 'Every student', rank: 0 })),
        ...byType.map((row) => ({
          row,
          type: row.studentType ?? '(none)',
          rank: row.studentType === null ? 2 : 1,
        })),
      ];
      const rows = labelled
        .sort(
          (a, b) =>
            a.row.taskId - b.row.taskId ||
            a.rank - b.rank ||
            a.type.localeCompare(b.type) ||
            a.row.weekEnd.localeCompare(b.row.weekEnd),
        )
        .map(({ row, type }) => [
          row.taskId,
          row.title,
          row.endsOn,
          type,
          row.weekEnd,
          row.assigned,
          row.done,
          row.dismissed,
          row.overdue,
          Math.max(0, row.assigned - row.done - row.dismissed - row.overdue),
        ]);
      const header = [
        'task_id',
        'title',
        'ends_on',
        'student_type',
        'week_ending',
        'assigned',
        'done',
        'dismissed',
        'overdue',
        'open',
      ];
      return csv(reply, `reach-tasks-${today(now)}.csv`, csvOf(header, rows));
    },
  );
}
