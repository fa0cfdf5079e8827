import { describe, expect, it } from 'vitest';
import { SEARCH_SEGMENTS_MAX } from '../../../contract/search.rules.js';
import { searchResultSchema } from '../../../contract/search.schema.js';
import { MARK_END, MARK_START, segments } from '../../../server/db/repositories/search-match.js';
import { markStarts } from '../../../server/search/classes.js';
import { cappedPieces } from '../../../server/search/pieces.js';
import { searchCoursework } from '../../../server/search/coursework.js';

/** Issue 87: a result's title and excerpt are made of at most SEARCH_SEGMENTS_MAX pieces. */
describe('issue 87: a search result’s marked pieces are bounded where they are made', () => {
  const many = Array.from({ length: SEARCH_SEGMENTS_MAX }, (_, n) => `w${n}`).join(' ');

  it('the store’s marked text: the first pieces as marked, the rest one unmarked piece, no text lost', () => {
    const marked = many
      .split(' ')
      .map((w) => `${MARK_START}${w}${MARK_END}`)
      .join(' ');
    const { title: pieces, excerpt } = cappedPieces({ title: segments(marked), excerpt: [] });
    expect(excerpt).toEqual([]);
    expect(pieces).toHaveLength(SEARCH_SEGMENTS_MAX);
    expect(pieces[0]).toEqual({ text: 'w0', match: true });
    expect(pieces.at(-1)?.match).toBe(false);
    expect(pieces.map((p) => p.text).join('')).toBe(many);
  });

  it('a title marked by the words typed: within the ceiling, its text whole', () => {
    const pieces = markStarts(many, ['w']);
    expect(pieces).toHaveLength(SEARCH_SEGMENTS_MAX);
    expect(pieces.map((p) => p.text).join('')).toBe(many);
    expect(markStarts('ENGL 101', ['engl'])).toEqual([
      { text: 'ENGL', match: true },
      { text: ' ', match: false },
      { text: '101', match: false },
    ]);
  });

  it('a coursework result whose course name is long still parses as an answer’s result', () => {
    const [result] = searchCoursework(
      [
        {
          id: 'item-1',
          title: many,
          course: many,
          due: new Date('2026-12-01T20:00:00Z'),
          allDay: false,
          link: null,
          source: 'other',
        },
      ],
      ['w1'],
      new Date('2026-11-29T20:00:00Z'),
      'America/Los_Angeles',
      'en',
    );
    expect(result).toBeDefined();
    expect(searchResultSchema.safeParse(result).success).toBe(true);
    expect(result?.excerpt).toHaveLength(SEARCH_SEGMENTS_MAX);
  });
});
