import { ICalEventStatus } from 'ical-generator';
import type { ICalCalendar } from 'ical-generator';
import type { I18n } from '@lingui/core';

/** An appointment as the feed writes it (db/repositories/appointments.repository.ts). */
export interface CalendarAppointment {
  id: number;
  withName: string;
  withOffice: string | null;
  startsAt: Date;
  endsAt: Date;
  place: string | null;
  onlineLink: string | null;
  cancelled: boolean;
  /** ISO-8601 UTC: the event's LAST-MODIFIED, so a calendar app takes the update. */
  updatedAt: string;
}

/** How far back the feed keeps appointments, and the most it carries. */
export const FEED_APPOINTMENTS = { daysBack: 30, max: 200 } as const;

/**
 * Issue 92: each appointment a booking system posted is an event at its instants ("Appointment with
 * Dr. Lee"), its LOCATION the place (or the online link when there is no place), its URL the link; a
 * cancelled one stays, with STATUS:CANCELLED, so a subscribed calendar strikes it rather than
 * losing it without a word.
 */
export function addAppointments(
  calendar: ICalCalendar,
  appointments: readonly CalendarAppointment[],
  host: string,
  stamp: Date,
  i18n: I18n,
) {
  for (const a of appointments) {
    calendar.createEvent({
      id: `appointment-${a.id}@${host}`,
      stamp,
      lastModified: new Date(a.updatedAt),
      start: a.startsAt,
      end: a.endsAt,
      summary: i18n._({
        id: 'calendar.appointment',
        message: 'Appointment with {name}',
        values: { name: a.withName },
      }),
      location: a.place ?? a.onlineLink,
      url: a.onlineLink,
      description: a.withOffice,
      ...(a.cancelled && { status: ICalEventStatus.CANCELLED }),
    });
  }
}
