import type { Appointment } from '../../../../../contract/appointments.schema.js';
import { fetchAppointments } from '../../../../api/appointments.js';
import type { Http } from '../../../../api/client.js';
import { appointmentsOn } from '../../../../lib/appointments.js';

/**
 * Issue 92: Today's Classes' appointments, those that start on campus date `date` (the campus time
 * zone). The read and its schema are on the first route (a chunk of their own cost more there, about
 * 400 bytes gzip, than they weigh); their list is not (src/ui/portal/todays-appointments.tsx).
 */
export async function readTodaysAppointments(
  http: Http,
  date: string,
  timeZone: string,
): Promise<Appointment[]> {
  return appointmentsOn(await fetchAppointments(http), date, timeZone);
}
