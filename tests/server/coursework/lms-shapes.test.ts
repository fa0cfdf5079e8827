import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { courseworkItemSchema } from '../../../contract/coursework.schema.js';
import { checkFeedAddress } from '../../../server/coursework/feed-address.js';
import { courseworkEventSchema, itemAnswer, toItems } from '../../../server/coursework/items.js';
import { readDocument } from '../feeds/read-document.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8');

const MOODLE_FEED = new URL(
  'https://moodle.campus.example.edu/calendar/export_execute.php?userid=812&authtoken=0f3c5e9a1b7d4c2e8f6a0b3d5c7e9f1a&preset_what=all&preset_time=recentupcoming',
);
const CANVAS_FEED = new URL(
  'https://canvas.campus.example.edu/feeds/calendars/user_7Hq2LmZx9PcVb4NwRt8KjYs3DfGa6UeIo1.ics',
);

/** A feed fixture as the browser receives its items, read on 25 October 2026. */
function answersOf(name: string, feed: URL, source: 'moodle' | 'canvas') {
  const outcome = readDocument('coursework', fixture(name), {
    now: new Date('2026-10-25T12:00:00.000Z'),
  });
  if (!outcome.ok) throw new Error(outcome.message);
  const events = z.array(courseworkEventSchema).parse(outcome.items);
  return toItems(events, source, 'America/Los_Angeles', feed).map((item) =>
    courseworkItemSchema.parse(itemAnswer(item, true, false)),
  );
}

describe('coursework shapes from real LMS exports (issue 62)', () => {
  it("Moodle's course, which its export names only in CATEGORIES, is the item's course", () => {
    const items = answersOf('moodle-upcoming.ics', MOODLE_FEED, 'moodle');
    expect(items.map((i) => [i.title, i.course])).toEqual([
      ['Midterm quiz opens', 'BIO 110'],
      ['Midterm quiz closes', 'BIO 110'],
      ['Field notes is due', 'BIO 110'],
    ]);
  });

  it('Moodle\'s "… opens" is a calendar event with its time; "closes" and "is due" are deadlines', () => {
    const items = answersOf('moodle-upcoming.ics', MOODLE_FEED, 'moodle');
    expect(items.map((i) => [i.title, i.kind, i.due])).toEqual([
      ['Midterm quiz opens', 'event', '2026-11-03T16:00:00.000Z'],
      ['Midterm quiz closes', 'deadline', '2026-11-05T06:59:00.000Z'],
      ['Field notes is due', 'deadline', '2026-11-07T06:59:00.000Z'],
    ]);
  });

  it('"Open in Moodle" goes to the Moodle site, never to an address with the feed\'s token', () => {
    const items = answersOf('moodle-upcoming.ics', MOODLE_FEED, 'moodle');
    for (const item of items) {
      expect(item.link).toBe('https://moodle.campus.example.edu/calendar/view.php?view=upcoming');
      expect(item.link).not.toContain('authtoken');
      expect(item.link).not.toContain('0f3c5e9a1b7d4c2e8f6a0b3d5c7e9f1a');
    }
    const leaky = fixture('moodle-upcoming.ics').replace(
      'CATEGORIES:BIO 110\nEND:VEVENT\nBEGIN:VEVENT\nUID:6102',
      `CATEGORIES:BIO 110\nURL:${MOODLE_FEED.href}\nEND:VEVENT\nBEGIN:VEVENT\nUID:6102`,
    );
    expect(leaky).toContain('authtoken');
    const outcome = readDocument('coursework', leaky, { now: new Date('2026-10-25T12:00:00Z') });
    if (!outcome.ok) throw new Error(outcome.message);
    const events = z.array(courseworkEventSchema).parse(outcome.items);
    expect(events.some((e) => e.link?.includes('authtoken'))).toBe(true);
    const links = toItems(events, 'moodle', 'America/Los_Angeles', MOODLE_FEED).map((i) => i.link);
    expect(links.filter((l) => l?.includes('authtoken'))).toEqual([]);
  });

  it('a Canvas calendar event (UID event-calendar-event-…) is an event; an assignment a deadline', () => {
    const items = answersOf('canvas-calendar-event.ics', CANVAS_FEED, 'canvas');
    expect(items.map((i) => [i.title, i.course, i.kind, i.due])).toEqual([
      ['Office hours', 'ENGL 101', 'event', '2026-11-04T17:00:00.000Z'],
      ['Essay 3', 'ENGL 101', 'deadline', '2026-11-06T06:59:00.000Z'],
    ]);
    expect(items[0]?.link).toBe(
      'https://canvas.campus.example.edu/calendar?event_id=40117&include_contexts=course_4021',
    );
  });
});

describe('a host not in lms.calendarHosts gets a clear error at Add', () => {
  const resolve = async () => [{ address: '93.184.216.34', family: 4 }];

  it('names the course sites the portal reads', async () => {
    const answer = await checkFeedAddress(
      'https://canvas.instructure.com/feeds/calendars/user_x.ics',
      ['canvas.campus.example.edu', 'moodle.campus.example.edu'],
      resolve,
    );
    expect(answer).toMatchObject({
      ok: false,
      reason:
        'canvas.instructure.com is not a course site this portal reads. Use the calendar feed address of one of canvas.campus.example.edu, moodle.campus.example.edu.',
    });
  });

  it('says so when the university has named no course site yet', async () => {
    const answer = await checkFeedAddress(CANVAS_FEED.href, [], resolve);
    expect(answer).toMatchObject({
      ok: false,
      reason:
        'This portal reads no course calendars yet: the university has not named its course sites. Ask the IT service desk.',
    });
  });
});
