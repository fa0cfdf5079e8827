import type { FeedEvent } from '../../contract/events.schema.js';
import { eventTimeString } from '../time.js';

/**
 * A parsed event whose `datetime_string` is not written yet. Writing it costs about a millisecond
 * (time zone formatting), so it is written only for the events kept, not for all 20,000 of a
 * university calendar.
 */
export interface PendingEvent {
  event: FeedEvent;
  allDay: boolean;
}

/** The event with its `datetime_string` on the campus clock. */
export function finishEvent({ event, allDay }: PendingEvent, zone: string): FeedEvent {
  if (!event.start) return event;
  const end = event.end ? new Date(event.end) : null;
  return { ...event, datetime_string: eventTimeString(new Date(event.start), end, zone, allDay) };
}
