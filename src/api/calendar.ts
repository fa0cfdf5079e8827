import { calendarSubscriptionSchema } from '../../contract/calendar.schema.js';
import type { CalendarSubscription } from '../../contract/calendar.schema.js';
import type { Http } from './client.js';

/** `GET /api/calendar/subscription`: the signed-in person's calendar address, if any. */
export async function fetchCalendarSubscription(http: Http): Promise<CalendarSubscription> {
  return http.get('calendar/subscription').json(calendarSubscriptionSchema);
}

/** `POST /api/calendar/subscription`: a new address; the old one stops working at once. */
export async function resetCalendarSubscription(http: Http): Promise<CalendarSubscription> {
  return http.post('calendar/subscription').json(calendarSubscriptionSchema);
}
