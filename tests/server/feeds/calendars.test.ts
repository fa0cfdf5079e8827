import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedEvent } from '../../../contract/events.schema.js';
import { eventsOf, readDocument } from './read-document.js';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url)));
// Sunday, Nov 22, 2026, noon in Portland.
const now = new Date('2026-11-22T20:00:00.000Z');

const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = originalTz;
});

const byTitle = (events: FeedEvent[], title: string) => events.filter((e) => e.title === title);

describe('a Google Calendar export read as a calendar app reads it (RFC 5545)', () => {
  const events = () =>
    eventsOf('ical', fixture('google-calendar.ics'), { now, contentType: 'text/calendar' });

  it('an occurrence moved by a RECURRENCE-ID override shows once, at its new time', () => {
    const study = events().filter((e) => e.title.startsWith('Weekly Study Group'));
    expect(study).toHaveLength(1);
    expect(study[0]).toMatchObject({
      title: 'Weekly Study Group (moved)',
      datetime_string: 'Tue, Nov 24, 2026, 5:00 PM – 6:00 PM PST',
      location: 'Library 210',
    });
  });

  it('an EXDATE removes its occurrence: the next one shows', () => {
    expect(byTitle(events(), 'Morning Yoga')[0]?.datetime_string).toBe(
      'Mon, Nov 30, 2026, 9:00 AM – 10:00 AM PST',
    );
  });

  it('a cancelled occurrence (STATUS:CANCELLED override) is hidden: the next one shows', () => {
    expect(byTitle(events(), 'Book Club')[0]?.datetime_string).toBe(
      'Thu, Dec 3, 2026, 6:00 PM – 7:00 PM PST',
    );
  });

  it('a cancelled event (STATUS:CANCELLED) is not listed', () => {
    expect(byTitle(events(), 'Cancelled Lecture')).toEqual([]);
  });

  it('a multi-day all-day event shows its first and last day (DTEND is exclusive)', () => {
    expect(byTitle(events(), 'Thanksgiving Break')[0]?.datetime_string).toBe(
      'Thu, Nov 26, 2026 – Fri, Nov 27, 2026',
    );
  });

  it('a daily series with more than 1,000 past occurrences still shows its next one', () => {
    expect(byTitle(events(), 'Library Late Hours')[0]).toMatchObject({
      start: '2026-11-23T04:00:00.000Z',
      datetime_string: 'Sun, Nov 22, 2026, 8:00 PM – 11:00 PM PST',
    });
  });

  it('RDATE adds occurrences and DURATION gives their end', () => {
    expect(byTitle(events(), 'Advising Office Hours')[0]?.datetime_string).toBe(
      'Tue, Nov 24, 2026, 10:00 AM – 12:00 PM PST',
    );
  });

  it('a floating time is campus time, whatever the server zone', () => {
    expect(byTitle(events(), 'Campus Tour')[0]?.start).toBe('2026-12-03T18:00:00.000Z');
  });

  it('a line folded inside a UTF-8 character reads whole ("Amélie"), with DURATION giving the end', () => {
    expect(events().find((e) => e.title.startsWith('Guest Talk'))).toMatchObject({
      title: 'Guest Talk: Amélie Dupont on Urban Forests',
      datetime_string: 'Tue, Dec 1, 2026, 12:00 PM – 1:30 PM PST',
    });
  });

  it('a calendar whose charset header says Latin-1 is decoded as Latin-1', () => {
    const latin1 = Buffer.from(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Año nuevo\r\nDTSTART:20261230T180000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
      'latin1',
    );
    const [event] = eventsOf('ical', latin1, {
      now,
      contentType: 'text/calendar; charset=ISO-8859-1',
    });
    expect(event?.title).toBe('Año nuevo');
  });
});

describe('RECURRENCE-ID;RANGE=THISANDFUTURE (RFC 5545 §3.8.4.4)', () => {
  const seminar = (at: Date) =>
    eventsOf('ical', fixture('recurrence-thisandfuture.ics'), { now: at }).filter((e) =>
      e.title.startsWith('Thursday Seminar'),
    );

  it('an occurrence before the override keeps the series time', () => {
    expect(seminar(new Date('2026-11-10T20:00:00.000Z')).map((e) => e.datetime_string)).toEqual([
      'Thu, Nov 12, 2026, 3:00 PM – 4:00 PM PST',
    ]);
  });

  it('the override itself shows at its new time', () => {
    expect(seminar(new Date('2026-11-18T20:00:00.000Z'))).toEqual([
      expect.objectContaining({
        title: 'Thursday Seminar (new time)',
        datetime_string: 'Thu, Nov 19, 2026, 5:00 PM – 6:00 PM PST',
      }),
    ]);
  });

  it('a later occurrence moves with it, even while its old time has already passed', () => {
    // Thursday Nov 26 at 4:30 PM: the old 3–4 PM slot is over, the moved 5–6 PM one is to come.
    expect(seminar(new Date('2026-11-27T00:30:00.000Z'))).toEqual([
      expect.objectContaining({
        title: 'Thursday Seminar (new time)',
        datetime_string: 'Thu, Nov 26, 2026, 5:00 PM – 6:00 PM PST',
      }),
    ]);
  });
});

describe('Outlook and Exchange time zones: Windows names through the CLDR mapping', () => {
  const events = () => eventsOf('ical', fixture('outlook-windows-zones.ics'), { now });

  it('TZID "Eastern Standard Time" is New York time, not campus time (3 hours apart)', () => {
    expect(byTitle(events(), 'Board of Trustees Meeting')[0]).toMatchObject({
      start: '2026-12-02T18:00:00.000Z',
      datetime_string: 'Wed, Dec 2, 2026, 10:00 AM – 11:00 AM PST',
    });
  });

  it('a Windows zone name with no VTIMEZONE in the file is still placed by the mapping', () => {
    expect(byTitle(events(), 'Budget Review')[0]?.start).toBe('2026-12-03T17:00:00.000Z');
  });
});

describe('series begun decades ago expand from their rule, within the window shown', () => {
  it('a daily series since 1970 and a fortnightly one show their current occurrences', () => {
    const events = eventsOf('ical', fixture('recurring-since-1970.ics'), { now });
    expect(byTitle(events, 'Noon Carillon')[0]?.start).toBe('2026-11-22T20:00:00.000Z');
    expect(byTitle(events, 'Faculty Senate')[0]?.start).toBe('2026-11-23T23:00:00.000Z');
  });

  it('costs a few steps, not one per day since 1970: it fits an expansion limit of 50', () => {
    const outcome = readDocument('ical', fixture('recurring-since-1970.ics'), {
      now,
      limits: { expansion: 50 },
    });
    expect(outcome.ok).toBe(true);
  });
});

describe('feed limits', () => {
  const series = (rule: string) =>
    `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:x\r\nDTSTART:20261101T000000Z\r\nRRULE:${rule}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;

  it('a calendar with more events than the item limit is refused, naming the limit', () => {
    const many = `BEGIN:VCALENDAR\r\n${'BEGIN:VEVENT\r\nUID:x\r\nSUMMARY:x\r\nDTSTART:20261201T000000Z\r\nEND:VEVENT\r\n'.repeat(11)}END:VCALENDAR\r\n`;
    expect(readDocument('ical', many, { now, limits: { items: 10 } })).toMatchObject({
      ok: false,
      limit: 'items',
    });
  });

  it('a rule that would step through more occurrences than the expansion limit is refused', () => {
    const outcome = readDocument('ical', series('FREQ=MINUTELY;COUNT=900000'), {
      now,
      limits: { expansion: 10_000 },
    });
    expect(outcome).toMatchObject({ ok: false, limit: 'expansion' });
  });

  it('a document over the byte limit is refused before it is read', () => {
    expect(
      readDocument('ical', series('FREQ=DAILY'), { now, limits: { bytes: 64 } }),
    ).toMatchObject({
      ok: false,
      limit: 'bytes',
    });
  });
});
