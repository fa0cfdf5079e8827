import { z } from 'zod';
import { linkSchema } from './link.rules.js';

/** Issue 92: the most appointments `GET /api/appointments` answers. */
export const APPOINTMENTS_MAX = 50;

/** One appointment a booking system posted (inbound-appointment.schema.ts), as its student reads it. */
export const appointmentSchema = /* @__PURE__ */ z.object({
  id: z.number().int(),
  with: z.object({ name: z.string(), office: z.string().nullable() }),
  /** ISO-8601 UTC. */
  starts_at: z.string(),
  ends_at: z.string(),
  place: z.string().nullable(),
  /** An https address (Join). */
  online_link: linkSchema.nullable(),
  /** Cancelled in the booking system: still listed, and marked. */
  cancelled: z.boolean(),
  /** The office that posted it (its publisher's label). */
  from: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** `GET /api/appointments`: the signed-in person's upcoming appointments, soonest first. */
export const appointmentsSchema = /* @__PURE__ */ z.object({
  appointments: z.array(appointmentSchema).max(APPOINTMENTS_MAX),
});
export type Appointments = z.infer<typeof appointmentsSchema>;
