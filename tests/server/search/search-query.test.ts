import { describe, expect, it } from 'vitest';
import { fts5Match, tsQuery } from '../../../server/db/repositories/search-match.js';
import { searchTerms, searchWords } from '../../../server/search/search-query.js';

describe('what a search looks for', () => {
  it('reads at most 8 distinct words and counts the ones it leaves out', () => {
    expect(searchTerms('a b c d e f g h')).toEqual({
      words: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
      ignored: 0,
    });
    expect(searchTerms('one two three four five six seven eight nine ten two')).toEqual({
      words: ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'],
      ignored: 2,
    });
  });

  it('bounds each word to 40 characters', () => {
    expect(searchWords('x'.repeat(100))).toEqual(['x'.repeat(40)]);
  });

  it('matches a word as the start of longer ones only from 3 characters, on both stores', () => {
    expect(fts5Match(['a', 'it', 'reg', 'regist'])).toBe('"a" "it" "reg"* "regist"*');
    expect(tsQuery(['a', 'it', 'reg', 'regist'])).toBe('a & it & reg:* & regist:*');
  });
});
