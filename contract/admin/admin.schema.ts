import { z } from 'zod';
import { errorSchema } from '../error.schema.js';
import { idTextSchema } from '../id.schema.js';
import { dayInput, INSTANT_YEARS } from '../instant.schema.js';

/**
 * A refused admin change: `detail` says what to do, `fields` names each field in error with its
 * message (shown next to the field on the admin's forms).
 */
export const adminErrorSchema = errorSchema.extend({
  fields: z.record(z.string(), z.string()).optional(),
});
export type AdminError = z.infer<typeof adminErrorSchema>;

/**
 * The largest id, version or position the stores' integer columns hold (PostgreSQL `integer`; SQLite
 * holds more, but both stores must refuse the same inputs).
 */
export const MAX_INTEGER = 2_147_483_647;

/** A whole number from 1 (0 with `from: 0`) to what the integer columns hold. */
export const storedIntegerSchema = (message: string, from = 1) =>
  z.number({ error: message }).int(message).min(from, message).max(MAX_INTEGER, message);

/**
 * Text typed into the admin: PostgreSQL's `text` cannot hold a NUL character, SQLite's can; both
 * refuse it here, before any store sees it. Lengths are bounded by each field.
 */
export const adminTextSchema = (error?: string) =>
  (error === undefined ? z.string() : z.string({ error })).refine(
    (text) => !text.includes('\u0000'),
    'must not contain a NUL character',
  );

/** Every change to a versioned object carries the version it was read at. */
export const versionSchema = storedIntegerSchema(
  'The form is missing its version: reload the page.',
);

/** `DELETE` bodies: the version the person saw when they confirmed. */
export const adminDeleteSchema = /* @__PURE__ */ z.strictObject({ version: versionSchema });

/** An object id in an admin address: the one id rule of every path (`id.schema.ts`). */
export const adminIdSchema = idTextSchema;
export const adminIdParamsSchema = /* @__PURE__ */ z.object({ id: adminIdSchema });

/**
 * A search or filter field: a NUL is refused (400) like in any admin text; beyond `max` characters
 * the filter is ignored, as a filter that cannot match is.
 */
export const adminFilterSchema = (max: number) =>
  adminTextSchema().optional().pipe(z.string().trim().max(max).optional().catch(undefined));

/** A calendar day as `<input type="date">` sends it (instant.schema.ts: the one rule of days). */
export const daySchema = /* @__PURE__ */ dayInput(
  `Enter a date as YYYY-MM-DD, between ${INSTANT_YEARS.min} and ${INSTANT_YEARS.max}.`,
);

/** The audit trail's pages: this many entries each, newest first (issue 87). */
export const AUDIT_PAGE_SIZE = 25;

/** The admin's other lists (messages, posts, tasks, pages, family access, outbox): this many a page (issue 87). */
export const ADMIN_LIST_PAGE_SIZE = 50;

/**
 * A keyset cursor in an admin list's address: the id of the last item of the page before (the page
 * holds the items past it in the list's order). Anything but an id is refused (400) with `message`,
 * never read as another page; an item added between two pages never shifts them.
 */
export const adminCursorSchema = (message: string) =>
  z
    .union(
      [
        z
          .string()
          .regex(/^[1-9][0-9]{0,9}$/)
          .transform(Number),
        // Read again after the route's own read (the admin's lists parse their query twice).
        z.number().int().min(1),
      ],
      { error: message },
    )
    .pipe(z.number().max(MAX_INTEGER, { error: message }))
    .optional();

/**
 * `GET /admin?person=&kind=&from=&until=&before=`: the audit trail's filters (days in campus time) and
 * where its page starts: `before` is a keyset cursor, the id of the last entry of the page before
 * (the page holds the entries older than it). Absent: the newest page.
 */
export const adminAuditQuerySchema = /* @__PURE__ */ z.object({
  person: adminFilterSchema(150),
  kind: adminFilterSchema(40),
  from: daySchema.optional().catch(undefined),
  until: daySchema.optional().catch(undefined),
  before: adminCursorSchema('Not a place in the activity: open the newest page.'),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** `?done=` after a change: which confirmation to show. */
export const adminDoneSchema = /* @__PURE__ */ z
  .enum(['created', 'saved', 'deleted'])
  .optional()
  .catch(undefined);
