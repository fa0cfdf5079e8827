import type { z } from 'zod';
import { eventSchema, httpUrlSchema } from '../../contract/events.schema.js';
import { eventTimeString } from '../time.js';

/**
 * A §3 Event as the feed gives it: its `image` is still the feed's own http(s) address. The server
 * fetches that image itself and answers with its portal address (feed-images.ts), so no browser
 * ever asks the feed's image host.
 */
export const sourceEventSchema = eventSchema.extend({ image: httpUrlSchema.nullable() });
export type SourceEvent = z.infer<typeof sourceEventSchema>;

/**
 * A parsed event whose `datetime_string` is not written yet. Writing it costs about a millisecond
 * (time zone formatting), so it is written only for the events kept, not for all 20,000 of a
 * university calendar.
 */
export interface PendingEvent {
  event: SourceEvent;
  allDay: boolean;
  /** The VEVENT's first CATEGORIES value (Moodle's course short name), when it has one. */
  category?: string;
}

/** The event with its `datetime_string` on the campus clock. */
export function finishEvent({ event, allDay }: PendingEvent, zone: string): SourceEvent {
  if (!event.start) return event;
  const end = event.end ? new Date(event.end) : null;
  const datetime_string = eventTimeString(new Date(event.start), end, zone, allDay);
  return { ...event, datetime_string, allDay };
}
