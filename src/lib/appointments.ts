/** Issue 92: the student's appointments as the dashboard's day and Academics' advisor card show them. */
import type { Appointment } from '../../contract/appointments.schema.js';
import { campusDay } from './time.js';

/** The appointments that start on campus date `date` (`YYYY-MM-DD` in `timeZone`), in their order. */
export function appointmentsOn(
  list: readonly Appointment[],
  date: string,
  timeZone: string,
): Appointment[] {
  return list.filter((a) => campusDay(new Date(a.starts_at), timeZone).date === date);
}

/** The soonest appointment not cancelled (the list is soonest first), if any. */
export const nextAppointment = (list: readonly Appointment[]): Appointment | null =>
  list.find((a) => !a.cancelled) ?? null;
