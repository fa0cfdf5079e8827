import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alertsOf, eventsOf } from './read-document.js';

/** Real-format campus documents, round 2 (tests/fixtures/feeds). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url));

describe('an Atom feed with relative links under xml:base (as WordPress writes it)', () => {
  const items = eventsOf('news', fixture('atom-xml-base.xml'));

  it('resolves each entry’s link against the feed’s xml:base, and against an entry’s own xml:base', () => {
    expect(items.map((i) => i.link)).toEqual([
      'https://groups.campus.example.edu/news/2026/11/chess-winter-open',
      'https://groups.campus.example.edu/orgs/robotics/posts/open-workshop',
      'https://news.campus.example.edu/story/42',
    ]);
  });

  it('resolves an image enclosure and an image in the content the same way', () => {
    expect(items.map((i) => i.image)).toEqual([
      'https://groups.campus.example.edu/uploads/2026/11/chess.jpg',
      'https://groups.campus.example.edu/uploads/2026/11/workshop.png',
      null,
    ]);
  });
});

describe('a raw CAP 1.2 alert (the format IPAWS and campus mass-notification systems publish)', () => {
  it('is read as an emergency alert: the English headline, description and instruction, dated by sent', () => {
    const alerts = alertsOf(fixture('cap-alert.xml'));
    expect(alerts[0]?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(alerts.map((a) => ({ ...a, id: 'id' }))).toEqual([
      {
        id: 'id',
        title: 'Shelter in place: Smith Memorial Student Union',
        description:
          'Police activity near the building. Stay inside, away from windows.\n\nLock doors. Updates at https://alerts.campus.example.edu',
        pubDate: '2026-11-22T19:42:00.000Z',
        severity: 'emergency',
        capId: 'PSU-2026-11-22-0001',
      },
    ]);
  });

  it('a Cancel (msgType) is an all-clear, and status Exercise a test', () => {
    const [cancel] = alertsOf(fixture('cap-cancel.xml'));
    expect(cancel?.severity).toBe('all-clear');
    expect(cancel?.title).toBe('Shelter in place lifted: Smith Memorial Student Union');
    const exercise = fixture('cap-alert.xml')
      .toString('utf8')
      .replace('<status>Actual', '<status>Exercise');
    expect(alertsOf(exercise)[0]?.severity).toBe('test');
  });
});

describe('news and event images beside their title (media RSS and content images)', () => {
  const items = eventsOf('news', fixture('news-image-alt.xml'));

  it('an image whose alt only repeats its title (case and spaces aside) gets an empty alt; a real description is kept', () => {
    expect(items.map((i) => [i.title, i.image, i.image_alt])).toEqual([
      [
        'Dance Team takes the stage at Lincoln Hall',
        'https://groups.campus.example.edu/img/dance.jpg',
        '',
      ],
      [
        'Garden Club harvest',
        'https://groups.campus.example.edu/img/garden.jpg',
        'Volunteers holding crates of squash in front of the greenhouse',
      ],
      ['Film Society screening', 'https://groups.campus.example.edu/img/film.jpg', ''],
    ]);
  });
});

describe('an iCalendar event across the daylight-saving change (America/Los_Angeles, Nov 1, 2026)', () => {
  const items = eventsOf('ical', fixture('dst-spanning.ics'), {
    now: new Date('2026-10-25T12:00:00Z'),
  });

  it('names each end’s zone when they differ (PDT at the start, PST at the end), and one zone otherwise', () => {
    expect(items.map((i) => i.datetime_string)).toEqual([
      'Sat, Oct 31, 2026, 11:00 PM PDT – Sun, Nov 1, 2026, 2:30 AM PST',
      'Sun, Nov 1, 2026, 12:30 AM – 1:30 AM PDT',
    ]);
  });
});
