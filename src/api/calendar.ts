import { calendarSubscriptionSchema } from '../../contract/calendar.schema.js';
import type { CalendarSubscription } from '../../contract/calendar.schema.js';
import type { Http } from './client.js';

const auth = (token: string) => ({ headers: { authorization: `Token ${token}` } });

/** `GET /api/calendar/subscription`: the signed-in person's calendar address, if any. */
export async function fetchCalendarSubscription(
  http: Http,
  token: string,
): Promise<CalendarSubscription> {
  const answer = await http.get('calendar/subscription', auth(token)).json();
  return calendarSubscriptionSchema.parse(answer);
}

/** `POST /api/calendar/subscription`: a new address; the old one stops working at once. */
export async function resetCalendarSubscription(
  http: Http,
  token: string,
): Promise<CalendarSubscription> {
  const answer = await http.post('calendar/subscription', auth(token)).json();
  return calendarSubscriptionSchema.parse(answer);
}
