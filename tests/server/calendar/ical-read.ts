import ICAL from 'ical.js';

/** Reads an iCalendar document back with ical.js, using only the VTIMEZONEs the document carries. */
export function readCalendar(ics: string) {
  const parsed: unknown = ICAL.parse(ics);
  if (!Array.isArray(parsed)) throw new Error('not one iCalendar document');
  const calendar = new ICAL.Component(parsed);
  const zones = calendar.getAllSubcomponents('vtimezone').map((c) => new ICAL.Timezone(c));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
    const zone = zones.find((z) => z.tzid === tzid);
    if (zone) {
      event.startDate.zone = zone;
      event.endDate.zone = zone;
    }
    return event;
  });
  return { calendar, zones, events };
}

/** Every occurrence of a recurring event, as instants. */
export function occurrences(event: ICAL.Event): Date[] {
  const found: Date[] = [];
  const it = event.iterator();
  for (let next = it.next(); next && found.length < 500; next = it.next()) {
    found.push(next.toJSDate());
  }
  return found;
}

/** An instant on the Los Angeles wall clock, by the platform's own time-zone data. */
export const losAngeles = (d: Date) =>
  d.toLocaleString('en-US', {
    timeZone: 'America/Los_Angeles',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** An event's EXDATE values as ical.js reads them back (`2026-11-26T12:00:00`, in the event's zone). */
export function exdates(event: ICAL.Event): string[] {
  return event.component.getAllProperties('exdate').flatMap((p) => {
    const values: unknown[] = p.getValues();
    return values.map(String);
  });
}
