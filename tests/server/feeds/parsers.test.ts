import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceEventSchema } from '../../../server/feeds/pending-event.js';
import { campusGroupsEventsSample } from '../../../server/feeds/samples/campus-groups-events.js';
import { campusGroupsNewsSample } from '../../../server/feeds/samples/campus-groups-news.js';
import { universityEventsSample } from '../../../server/feeds/samples/events-university.js';
import { sampleClock } from '../../../server/feeds/samples/sample-clock.js';
import { eventsOf } from './read-document.js';

const LA = 'America/Los_Angeles';
// A Sunday afternoon in Portland; the samples are dated from it.
const now = new Date('2026-11-22T20:00:00.000Z');
const clock = sampleClock(now, LA);

// The server's own zone must never leak into campus times.
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = originalTz;
});

describe('the university events calendar (iCalendar)', () => {
  const events = () => eventsOf('ical', universityEventsSample(clock), { now });

  it('every parsed event is a §3 Event with plain-text title and http(s)-only links', () => {
    for (const e of events()) {
      expect(() => sourceEventSchema.parse(e)).not.toThrow();
      expect(e.title).not.toMatch(/[<>]/);
    }
  });

  it('HTML in a title becomes plain text', () => {
    expect(events().map((e) => e.title)).toContain('Pizza & Politics: Election Recap');
  });

  it('a javascript: link is dropped, the event stays without a link', () => {
    const meditation = events().find((e) => e.title === 'Meditation Hour');
    expect(meditation?.link).toBeNull();
  });

  it('an event without a start is skipped', () => {
    expect(events().map((e) => e.title)).not.toContain('Date to be announced');
  });

  it('datetime_string is in America/Los_Angeles with the server in Asia/Tokyo', () => {
    const chess = events().find((e) => e.title === 'Chess Club Open Play');
    expect(chess?.datetime_string).toBe('Mon, Nov 23, 2026, 4:00 PM – 5:30 PM PST');
    expect(chess?.start).toBe('2026-11-24T00:00:00.000Z');
  });

  it('a floating time is read on the campus clock, not the server clock', () => {
    const walk = events().find((e) => e.title === 'Campus Sustainability Walk');
    expect(walk?.start).toBe('2026-12-05T18:00:00.000Z');
  });

  it('an all-day event shows its date alone', () => {
    const drop = events().find((e) => e.title === 'Last Day to Drop a Class');
    expect(drop?.datetime_string).toBe('Mon, Dec 7, 2026');
  });

  it('a weekly event shows its next occurrence that has not ended', () => {
    const yoga = events().find((e) => e.title === 'Sunrise Yoga');
    expect(yoga?.datetime_string).toBe('Sun, Nov 29, 2026, 7:30 AM – 8:30 AM PST');
  });

  it('a CONFERENCE means online; a LOCATION means in person', () => {
    const byTitle = new Map(events().map((e) => [e.title, e.locationType]));
    expect(byTitle.get('Online Alumni Mixer')).toBe('online');
    expect(byTitle.get('Fall Career Fair')).toBe('in-person');
  });

  it('a document that is not iCalendar throws', () => {
    expect(() => eventsOf('ical', '<rss><channel></channel></rss>', { now })).toThrow();
  });
});

describe('the campus-group events RSS', () => {
  const events = async () => eventsOf('group-events', campusGroupsEventsSample(clock), { now });

  it('reads id, group, location type, privacy level and image of each item', async () => {
    const hackathon = (await events()).find((e) => e.id === '9102');
    expect(hackathon).toMatchObject({
      title: 'Hackathon Kickoff',
      group: 'Computer Science Society',
      locationType: 'hybrid',
      privacyLevel: 1,
      image: 'https://images.groups.campus.example.edu/hackathon.jpg',
      datetime_string: 'Tue, Nov 24, 2026, 5:00 PM – 7:00 PM PST',
    });
  });

  it('HTML in a title becomes plain text, script and all', async () => {
    const salsa = (await events()).find((e) => e.id === '9108');
    expect(salsa?.title).toBe('Salsa Social');
  });

  it('a javascript: link is dropped', async () => {
    expect((await events()).find((e) => e.id === '9109')?.link).toBeNull();
  });

  it('only public upcoming items come back: undated, past and private ones are left out', async () => {
    const ids = (await events()).map((e) => e.id);
    expect(ids).not.toContain('9107');
    expect(ids).not.toContain('9106');
    expect(ids).not.toContain('9103');
    expect(ids).not.toContain('9105');
  });

  it('invalid XML throws', () => {
    expect(() => eventsOf('group-events', '<rss><channel><item>', { now })).toThrow();
  });
});

describe('the campus-group news RSS', () => {
  const news = async () => eventsOf('news', campusGroupsNewsSample(clock), { now });

  it('keeps feed order, dates stories by publication and drops items without a title', async () => {
    const items = await news();
    expect(items[0]?.title).toBe('Robotics Club Wins Regional Championship');
    expect(items[0]?.datetime_string).toBe('Sat, Nov 21, 2026');
    expect(items.every((i) => i.title.length > 0)).toBe(true);
    expect(items).toHaveLength(15);
  });

  it('HTML in a title becomes plain text and a javascript: link is dropped', async () => {
    const items = await news();
    expect(items[2]?.title).toBe('Record Turnout at the Fall Volunteer Fair');
    expect(items.find((i) => i.title === 'Safety Tips for Night Events')?.link).toBeNull();
  });
});
