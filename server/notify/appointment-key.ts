import { z } from 'zod';

/**
 * An appointment's two reminders (issue 92): `evening`, the campus evening before
 * (`reminders.eveningHour`), and `hour`, an hour before it starts.
 */
export const appointmentLeadSchema = z.enum(['evening', 'hour']);
export type AppointmentLead = z.infer<typeof appointmentLeadSchema>;

/** One appointment reminder: the appointment, the start it is about and which of the two it is. */
export const appointmentPayloadSchema = z.object({
  kind: z.literal('appointment'),
  appointmentId: z.number().int(),
  startsAt: z.iso.datetime(),
  lead: appointmentLeadSchema,
});
export type AppointmentPayload = z.infer<typeof appointmentPayloadSchema>;

/** An appointment reminder for one device (push-sender.ts). */
export const pushAppointmentPayloadSchema = appointmentPayloadSchema.extend({
  subscriptionId: z.number().int(),
});

/**
 * `appointment:<user>:<appointment>:<lead>:<start>`, then the channel (`email`, `sms`,
 * `push:<device>`): each reminder once per person, appointment and start, whichever process plans
 * it; an appointment moved to another time (or person) is a new reminder.
 */
export const appointmentKey = (userId: number, p: AppointmentPayload, channel: string): string =>
  `appointment:${userId}:${p.appointmentId}:${p.lead}:${p.startsAt}:${channel}`;

/**
 * Whether a job is an appointment's hour-before reminder, by its key: time-critical, so quiet hours
 * never hold it (quiet-hours.ts), as an emergency alert: held to the end of the night it would come
 * after the appointment began.
 */
export const isHourBeforeAppointment = (idempotencyKey: string): boolean =>
  /^appointment:\d+:\d+:hour:/.test(idempotencyKey);
