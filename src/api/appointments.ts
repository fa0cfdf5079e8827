import { appointmentsSchema } from '../../contract/appointments.schema.js';
import type { Appointment } from '../../contract/appointments.schema.js';
import type { Http } from './client.js';

/**
 * Issue 92: `GET /api/appointments`, the signed-in student's upcoming appointments, soonest first
 * (cancelled ones listed and marked).
 */
export async function fetchAppointments(http: Http): Promise<Appointment[]> {
  const answer = await http.get('appointments').json();
  return appointmentsSchema.parse(answer).appointments;
}
