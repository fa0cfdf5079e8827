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
    });
    expect(searchCoursework([item({})], [], NOW, 'America/Los_Angeles')).toEqual([]);
  });

  it('at most 8 results, those still ahead first (soonest first), then past ones (latest first)', () => {
    const day = (d: number) => new Date(NOW.getTime() + d * 86_400_000);
    const items = [-3, -1, 1, 2, 3, 4, 5, 6, 7, 8].map((d) =>
      item({ id: String(d), title: `Essay ${d}`, due: day(d) }),
    );
    const found = searchCoursework(items, ['essay'], NOW, 'America/Los_Angeles');
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
    const few = searchCoursework(items.slice(0, 3), ['essay'], NOW, 'America/Los_Angeles');
    expect(few.map((r) => r.title.map((s) => s.text).join(''))).toEqual([
      'Essay 1',
      'Essay -1',
      'Essay -3',
    ]);
  });
});
