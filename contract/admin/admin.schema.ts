import { z } from 'zod';
import { errorSchema } from '../error.schema.js';

/**
 * A refused admin change: `detail` says what to do, `fields` names each field in error with its
 * message (shown next to the field on the admin's forms).
 */
export const adminErrorSchema = errorSchema.extend({
  fields: z.record(z.string(), z.string()).optional(),
});
export type AdminError = z.infer<typeof adminErrorSchema>;

/** The answer of a change that worked: the object's id and its new version. */
export const adminSavedSchema = z.object({ id: z.number().int(), version: z.number().int() });

/** Every change to a versioned object carries the version it was read at. */
export const versionSchema = z
  .number({ error: 'The form is missing its version: reload the page.' })
  .int()
  .positive();

/** `DELETE` bodies: the version the person saw when they confirmed. */
export const adminDeleteSchema = z.strictObject({ version: versionSchema });

/** An object id in an admin address: digits only, no sign, no exponent. */
export const adminIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
  .transform(Number);
export const adminIdParamsSchema = z.object({ id: adminIdSchema });

/** A calendar day as `<input type="date">` sends it. */
export const daySchema = z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' });

/** `GET /admin?person=&kind=&from=&until=`: the audit trail's filters (days in campus time). */
export const adminAuditQuerySchema = z.object({
  person: z.string().trim().max(150).optional().catch(undefined),
  kind: z.string().trim().max(40).optional().catch(undefined),
  from: daySchema.optional().catch(undefined),
  until: daySchema.optional().catch(undefined),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** `?done=` after a change: which confirmation to show. */
export const adminDoneSchema = z.enum(['created', 'saved', 'deleted']).optional().catch(undefined);
