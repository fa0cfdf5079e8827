import { z } from 'zod';
import { channelSchema } from './channel.schema.js';
import { alertSeveritySchema } from './alerts.schema.js';
import { dayInputSchema, instantInputSchema } from './instant.schema.js';
import { linkInputSchema } from './link.rules.js';
import { roleSchema } from './roles.schema.js';

/**
 * Issue 60: departments publish messages, alerts and Next Steps tasks through the inbound API
 * (`/api/inbound/v1`), each call authenticated by a publisher's key (`Authorization: Bearer cpk_…`);
 * issue 92 adds appointments (inbound-appointment.schema.ts).
 */

/** What a publisher may do; `alerts:emergency` also allows an alert of severity `emergency`. */
export const inboundScopeSchema = /* @__PURE__ */ z.enum([
  'messages:write',
  'alerts:write',
  'alerts:emergency',
  'tasks:write',
  'tasks:complete',
  'appointments:write',
]);
export type InboundScope = z.infer<typeof inboundScopeSchema>;
export const INBOUND_SCOPES = inboundScopeSchema.options;

/** A publisher's name: the readable part of its keys (`cpk_<name>_…`). */
export const publisherNameSchema = /* @__PURE__ */ z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, 'must be 2–40 lower-case letters, digits or hyphens');

/** The largest request body the inbound API reads. */
export const INBOUND_BODY_LIMIT = 64 * 1024;
/** The most usernames one call may name. */
export const INBOUND_USERS_MAX = 5_000;

/** The publisher's own stable id of an item: posting it again replaces the item. */
export const sourceIdSchema = /* @__PURE__ */ z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1–128 letters, digits or . _ : -');

/** A person a publisher names, by username. */
export const inboundUsernameSchema = /* @__PURE__ */ z.string().min(1).max(100);
const username = inboundUsernameSchema;
const text = (max: number) => z.string().trim().max(max);

export const inboundAudienceSchema = /* @__PURE__ */ z
  .strictObject({
    users: z.array(username).max(INBOUND_USERS_MAX).default([]),
    roles: z.array(roleSchema).max(10).default([]),
    groups: z.array(z.string().min(1).max(100)).max(50).default([]),
  })
  .refine(
    (a) => a.users.length + a.roles.length + a.groups.length > 0,
    'must name at least one user, role or group',
  );

/** The channels a publisher may ask for: the portal's channels (channel.schema.ts), each named. */
export const inboundChannelSchema = /* @__PURE__ */ channelSchema.extract(['email', 'sms', 'push']);

const translationSchema = z.strictObject({ title: text(200).min(1), body: text(5000) });

/** `POST /api/inbound/v1/items`. */
export const inboundItemSchema = /* @__PURE__ */ z
  .strictObject({
    kind: z.enum(['message', 'alert', 'task']),
    source_id: sourceIdSchema,
    audience: inboundAudienceSchema,
    title: text(200).min(1),
    body: text(5000).default(''),
    /** A public http(s) address or a portal path; the server refuses private and local hosts. */
    action_link: linkInputSchema().nullable().optional(),
    /** Kept with the item, self-contained: `es` the Spanish title and body. */
    translations: z.strictObject({ es: translationSchema.optional() }).optional(),
    channels: z.array(inboundChannelSchema).max(3).default([]),
    publish_at: instantInputSchema.optional(),
    expires_on: instantInputSchema.optional(),
    /** A task's due day (`YYYY-MM-DD`), due at the end of that day on the campus clock. */
    due_on: dayInputSchema.optional(),
    /** A task's Next Steps category (its slug or name). */
    category: text(100).min(1).optional(),
    /** An alert's severity (default `advisory`); `emergency` needs the `alerts:emergency` scope. */
    severity: alertSeveritySchema.optional(),
    /**
     * A campaign (issue 92): the task completes for each of its people when an appointment with
     * this office arrives for them, or at once for one already booked (office names compared
     * without regard to case or spaces).
     */
    completed_by: z
      .strictObject({ appointment_with_office: text(200).min(1) })
      .optional()
      .describe(
        'A campaign (tasks only): an appointment with this office, not cancelled, completes the task for its person, on arrival or already booked; case and spaces aside.',
      ),
  })
  .superRefine((item, ctx) => {
    if (item.kind !== 'task' && (item.due_on !== undefined || item.category !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['due_on'],
        message: 'due_on and category are for tasks',
      });
    if (item.kind !== 'task' && item.completed_by !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['completed_by'],
        message: 'completed_by is for tasks',
      });
    if (item.kind !== 'alert' && item.severity !== undefined)
      ctx.addIssue({ code: 'custom', path: ['severity'], message: 'severity is for alerts' });
    if (item.publish_at && item.expires_on && item.expires_on <= item.publish_at)
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: 'must be after publish_at' });
  })
  .meta({
    examples: [
      {
        kind: 'task',
        source_id: 'fafsa-2027-verification',
        audience: { users: ['jdoe'], roles: [], groups: [] },
        title: 'Send your verification worksheet',
        body: 'Financial Aid needs your 2027–28 verification worksheet.',
        action_link: 'https://finaid.example.edu/verification',
        translations: { es: { title: 'Envíe su hoja de verificación', body: 'Ayuda financiera…' } },
        channels: ['email'],
        due_on: '2027-03-01',
        category: 'financial-aid',
      },
      {
        kind: 'task',
        source_id: 'advising-spring-2028',
        audience: { users: [], roles: ['student'], groups: [] },
        title: 'Meet your advisor before registration',
        body: 'Book an appointment with the Advising Center.',
        action_link: 'https://advising.example.edu/book',
        due_on: '2028-03-15',
        completed_by: { appointment_with_office: 'Advising Center' },
      },
    ],
  });
export type InboundItem = z.infer<typeof inboundItemSchema>;

/** The kinds of problem an answer warns of: one warning of each kind at most (issue 87). */
export const INBOUND_WARNING_CODES = ['unknown_user'] as const;

/** A warning: its usernames are the request's own, each once, so at most INBOUND_USERS_MAX. */
export const inboundWarningSchema = /* @__PURE__ */ z.object({
  code: z.enum(INBOUND_WARNING_CODES),
  usernames: z.array(z.string()).max(INBOUND_USERS_MAX),
});
export type InboundWarning = z.infer<typeof inboundWarningSchema>;
export const inboundWarningsSchema = /* @__PURE__ */ z
  .array(inboundWarningSchema)
  .max(INBOUND_WARNING_CODES.length);

/**
 * 201: the item, how many people it reaches, and the usernames nobody in the portal has. Its example
 * is the answer's, beside an appointment's (inbound-appointment.schema.ts): OpenAPI 3.0 takes
 * examples on the whole answer, not on each of its alternatives.
 */
export const inboundItemAnswerSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  source_id: z.string(),
  kind: z.enum(['message', 'alert', 'task']),
  recipients: z.number().int(),
  replaced: z.boolean(),
  warnings: inboundWarningsSchema,
});
export type InboundItemAnswer = z.infer<typeof inboundItemAnswerSchema>;

export const inboundItemParamsSchema = /* @__PURE__ */ z.object({ source_id: sourceIdSchema });

/** `PUT /api/inbound/v1/items/{source_id}/completions`: done in the publisher's system. */
export const inboundCompletionsSchema = /* @__PURE__ */ z
  .strictObject({
    users: z.array(username).min(1).max(INBOUND_USERS_MAX),
    completed_at: instantInputSchema.optional(),
  })
  .meta({ examples: [{ users: ['jdoe'], completed_at: '2027-02-14T15:30:00Z' }] });
export type InboundCompletions = z.infer<typeof inboundCompletionsSchema>;

export const inboundCompletionsAnswerSchema = /* @__PURE__ */ z
  .object({
    source_id: z.string(),
    completed: z.number().int(),
    warnings: inboundWarningsSchema,
  })
  .meta({ examples: [{ source_id: 'fafsa-2027-verification', completed: 1, warnings: [] }] });
export type InboundCompletionsAnswer = z.infer<typeof inboundCompletionsAnswerSchema>;

/** `GET /api/inbound/v1/items/{source_id}`: who it reached and what became of it. */
export const inboundItemStatusSchema = /* @__PURE__ */ z
  .object({
    id: z.number().int(),
    source_id: z.string(),
    kind: z.enum(['message', 'alert', 'task']),
    title: z.string(),
    recipients: z.number().int(),
    delivered: z.record(z.string(), z.number().int()),
    read: z.number().int(),
    completed: z.number().int(),
    retracted: z.boolean(),
    updated_at: z.string(),
  })
  .meta({
    examples: [
      {
        id: 42,
        source_id: 'fafsa-2027-verification',
        kind: 'task',
        title: 'Send your verification worksheet',
        recipients: 1,
        delivered: { email: 1 },
        read: 0,
        completed: 1,
        retracted: false,
        updated_at: '2027-02-14T15:30:00.000Z',
      },
    ],
  });
export type InboundItemStatus = z.infer<typeof inboundItemStatusSchema>;
