import { describe, expect, it } from 'vitest';
import type { CourseworkItemRecord } from '../../../server/db/repositories/coursework.repository.js';
import { courseworkMatches, searchCoursework } from '../../../server/search/coursework.js';

const item = (over: Partial<CourseworkItemRecord>): CourseworkItemRecord => ({
  id: 'x',
  title: 'Essay 2: Argument',
  course: 'ENGL 101',
  due: new Date('2026-11-26T00:00:00.000Z'),
  allDay: false,
  link: null,
  source: 'moodle',
  ...over,
});
const NOW = new Date('2026-11-21T12:00:00.000Z');

describe('coursework items in search (issue 45)', () => {
  it('every typed word must be a word of the title or course, or from 3 characters the start of one', () => {
    expect(courseworkMatches(item({}), ['essay', 'engl'])).toBe(true);
    expect(courseworkMatches(item({}), ['101'])).toBe(true);
    expect(courseworkMatches(item({}), ['arg'])).toBe(true);
    expect(courseworkMatches(item({}), ['ar'])).toBe(false);
    expect(courseworkMatches(item({}), ['2'])).toBe(true);
    expect(courseworkMatches(item({}), ['essay', 'chem'])).toBe(false);
  });

  it('an all-day item shows its day; an item without a link opens the dashboard; none for no words', () => {
    const [result] = searchCoursework(
      [item({ allDay: true, due: new Date('2026-11-27T07:59:59.999Z'), course: null })],
      ['essay'],
      NOW,
      'America/Los_Angeles',
      'en',
    );
    expect(result).toEqual({
      title: [
        { text: 'Essay', match: true },
        { text: ' ', match: false },
        { text: '2', match: false },
        { text: ': ', match: false },
        { text: 'Argument', match: false },
      ],
      excerpt: [{ text: 'Due Thu, Nov 26, 2026', match: false }],
      href: '/',
      external: false,
      lang: 'en',
    });
    expect(searchCoursework([item({})], [], NOW, 'America/Los_Angeles', 'en')).toEqual([]);
  });

  it('at most 8 results, those still ahead first (soonest first), then past ones (latest first)', () => {
    const day = (d: number) => new Date(NOW.getTime() + d * 86_400_000);
    const items = [-3, -1, 1, 2, 3, 4, 5, 6, 7, 8].map((d) =>
      item({ id: String(d), title: `Essay ${d}`, due: day(d) }),
    );
    const found = searchCoursework(items, ['essay'], NOW, 'America/Los_Angeles', 'en');
    expect(found.map((r) => r.title.map((s) => s.text).join(''))).toEqual([
      'Essay 1',
      'Essay 2',
      'Essay 3',
      'Essay 4',
      'Essay 5',
      'Essay 6',
      'Essay 7',
      'Essay 8',
    ]);
    const few = searchCoursework(items.slice(0, 3), ['essay'], NOW, 'America/Los_Angeles', 'en');
    expect(few.map((r) => r.title.map((s) => s.text).join(''))).toEqual([
      'Essay 1',
      'Essay -1',
      'Essay -3',
    ]);
  });

  it('the due line is the reader’s: in Spanish its words and date are Spanish and marked so, beside the LMS’s English (issue 76)', () => {
    const canvas = item({ link: 'https://canvas.example.edu/a/1', source: 'canvas' });
    const [spanish] = searchCoursework([canvas], ['essay'], NOW, 'America/Los_Angeles', 'es');
    expect(spanish?.lang).toBe('en');
    // Intl writes narrow spaces in some forms: compared as plain spaces.
    const plain = (text = '') => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(spanish?.excerpt.map((s) => ({ ...s, text: plain(s.text) }))).toEqual([
      { text: 'ENGL', match: false },
      { text: ' ', match: false },
      { text: '101', match: false },
      { text: ' · ', match: false },
      {
        text: 'Vence el mié, 25 de nov de 2026, 4:00 p.m. PST · Abrir en Canvas',
        match: false,
        lang: 'es',
      },
    ]);
    const [english] = searchCoursework([canvas], ['essay'], NOW, 'America/Los_Angeles', 'en');
    expect(english?.excerpt.at(-1)).toEqual({
      text: 'Due Wed, Nov 25, 2026, 4:00 PM PST · Open in Canvas',
      match: false,
    });
    const [allDay] = searchCoursework(
      [item({ allDay: true, due: new Date('2026-11-27T07:59:59.999Z') })],
      ['essay'],
      NOW,
      'America/Los_Angeles',
      'es',
    );
    expect(plain(allDay?.excerpt.at(-1)?.text)).toBe('Vence el jue, 26 de nov de 2026');
  });
});
