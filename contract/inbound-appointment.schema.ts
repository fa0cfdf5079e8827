import { z } from 'zod';
import { instantInputSchema } from './instant.schema.js';
import { linkInputSchema } from './link.rules.js';
import {
  inboundItemAnswerSchema,
  inboundItemSchema,
  inboundUsernameSchema,
  inboundWarningsSchema,
  sourceIdSchema,
} from './inbound.schema.js';

/**
 * Issue 92: an advising office's booking system (EAB Navigate, Starfish, the campus's own) posts
 * an appointment through the inbound API (`POST /api/inbound/v1/items`, `kind: "appointment"`).
 * Its `external_id` is the booking system's own id: posting it again updates the appointment.
 */

/** The longest appointment: nothing an office books runs past a day. */
export const APPOINTMENT_MAX_MS = 24 * 3_600_000;

const text = (max: number) => z.string().trim().min(1).max(max);

/** An online meeting's address: https only (a link students open from the portal), bounded. */
export const onlineLinkInputSchema = /* @__PURE__ */ linkInputSchema(
  'must be an https address',
).refine((link) => link.startsWith('https://'), 'must be an https address');

/** Who: exactly one person, named as a message names people (`audience.users`). */
const oneStudentSchema = z.strictObject({
  users: z.array(inboundUsernameSchema).length(1, 'an appointment names exactly one user'),
  roles: z.array(z.string()).max(0, 'an appointment names one user, not roles').optional(),
  groups: z.array(z.string()).max(0, 'an appointment names one user, not groups').optional(),
});

export const inboundAppointmentSchema = /* @__PURE__ */ z
  .strictObject({
    kind: z.literal('appointment'),
    external_id: sourceIdSchema,
    audience: oneStudentSchema,
    /** With whom: the advisor's name, and their office where the system names one. */
    with: z.strictObject({ name: text(200), office: text(200).optional() }),
    starts_at: instantInputSchema,
    ends_at: instantInputSchema,
    /** Where it takes place ("Student Services 210"), or `online_link`, or both. */
    place: text(300).optional(),
    online_link: onlineLinkInputSchema.optional(),
    cancelled: z.boolean().default(false),
  })
  .superRefine((a, ctx) => {
    const length = Date.parse(a.ends_at) - Date.parse(a.starts_at);
    if (!(length > 0))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after starts_at' });
    else if (length > APPOINTMENT_MAX_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'must be within a day of starts_at',
      });
    if (a.place === undefined && a.online_link === undefined)
      ctx.addIssue({ code: 'custom', path: ['place'], message: 'give a place or an online_link' });
  })
  .meta({
    examples: [
      {
        kind: 'appointment',
        external_id: 'navigate-884213',
        audience: { users: ['jdoe'] },
        with: { name: 'Dr. Lee', office: 'Academic Advising' },
        starts_at: '2027-12-03T18:00:00Z',
        ends_at: '2027-12-03T18:30:00Z',
        place: 'Student Services 210',
        online_link: 'https://meet.example.edu/lee',
        cancelled: false,
      },
    ],
  });
export type InboundAppointment = z.infer<typeof inboundAppointmentSchema>;

/** What `POST /api/inbound/v1/items` reads: a message, alert or task, or an appointment. */
export const inboundPostSchema = /* @__PURE__ */ z.discriminatedUnion('kind', [
  inboundItemSchema,
  inboundAppointmentSchema,
]);
export type InboundPost = z.infer<typeof inboundPostSchema>;

/** 201: the appointment stored (none for a username nobody has: recipients 0 and a warning). */
export const inboundAppointmentAnswerSchema = /* @__PURE__ */ z.object({
  id: z.number().int().nullable(),
  external_id: z.string(),
  kind: z.literal('appointment'),
  recipients: z.number().int(),
  replaced: z.boolean(),
  cancelled: z.boolean(),
  warnings: inboundWarningsSchema,
});
export type InboundAppointmentAnswer = z.infer<typeof inboundAppointmentAnswerSchema>;

/** What `POST /api/inbound/v1/items` answers: an item's answer, or an appointment's. */
export const inboundPostAnswerSchema = /* @__PURE__ */ z
  .union([inboundItemAnswerSchema, inboundAppointmentAnswerSchema])
  .meta({
    examples: [
      {
        id: 42,
        source_id: 'fafsa-2027-verification',
        kind: 'task',
        recipients: 1,
        replaced: false,
        warnings: [{ code: 'unknown_user', usernames: ['jdoe2'] }],
      },
      {
        id: 7,
        external_id: 'navigate-884213',
        kind: 'appointment',
        recipients: 1,
        replaced: false,
        cancelled: false,
        warnings: [],
      },
    ],
  });
