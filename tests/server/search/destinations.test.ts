import { describe, expect, it } from 'vitest';
import { SECTIONS, isNear, matchDestinations } from '../../../server/search/destinations.js';

const titles = (q: string[]) => matchDestinations(q, SECTIONS).map((h) => h.destination.title);

describe('section and tool names, typos forgiven', () => {
  it('a word of four letters or more may be one edit from a name, or from its start', () => {
    expect(isNear('acadmics', 'academics', 1)).toBe(true);
    expect(isNear('acdaemics', 'academics', 2)).toBe(true);
    expect(isNear('finan', 'finances', 1)).toBe(true);
    expect(isNear('fnan', 'finances', 1)).toBe(true);
    expect(isNear('messges', 'messages', 1)).toBe(true);
    expect(isNear('xyzzy', 'academics', 1)).toBe(false);
  });

  it('a word of fewer than four letters must start a name exactly', () => {
    expect(titles(['gpa'])).toEqual(['Academics']);
    expect(titles(['gpx'])).toEqual([]);
  });

  it('"grades" finds Academics by its keyword, exact matches come before near ones, and a section named by the word before one it is a keyword of', () => {
    expect(titles(['grades'])).toEqual(['Academics']);
    expect(titles(['holds'])[0]).toBe('Holds');
    expect(titles(['hold'])).toEqual(['Holds', 'Account']);
    expect(titles(['acount'])).toEqual(['Account']);
  });

  it('every typed word must lead to the destination', () => {
    expect(titles(['tuition', 'bill'])).toEqual(['Finances']);
    expect(titles(['tuition', 'grades'])).toEqual([]);
  });

  it('marks the words of the title a typed word leads to', () => {
    const [hit] = matchDestinations(['next'], SECTIONS);
    expect(hit?.title).toEqual([
      { text: 'My', match: false },
      { text: ' ', match: false },
      { text: 'Next', match: true },
      { text: ' ', match: false },
      { text: 'Steps', match: false },
    ]);
  });
});
