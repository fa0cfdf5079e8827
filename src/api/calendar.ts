import { calendarSubscriptionSchema } from '../../contract/calendar.schema.js';
import type { CalendarSubscription } from '../../contract/calendar.schema.js';
import type { Http } from './client.js';

/** `GET /api/calendar/subscription`: the signed-in person's calendar address, if any. */
export async function fetchCalendarSubscription(http: Http): Promise<CalendarSubscription> {
  const answer = await http.get('calendar/subscription').json();
  return calendarSubscriptionSchema.parse(answer);
}

/** `POST /api/calendar/subscription`: a new address; the old one stops working at once. */
export async function resetCalendarSubscription(http: Http): Promise<CalendarSubscription> {
  const answer = await http.post('calendar/subscription').json();
  return calendarSubscriptionSchema.parse(answer);
}
