import { describe, expect, it } from 'vitest';
import { campusConfigSchema } from '../../../contract/campus-config.schema.js';
import { campusIn } from '../../../contract/campus-in.js';
import { SAMPLE_BUILDINGS } from '../../../contract/sample-buildings.js';
import {
  SECTIONS,
  campusBuildings,
  isNear,
  matchDestinations,
  sectionsIn,
} from '../../../server/search/destinations.js';
import type { Destination } from '../../../server/search/destinations.js';

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

describe('the campus map in the portal search (issue 89)', () => {
  it('"map" and "edificio" find the campus map, in English and in Spanish', () => {
    expect(titles(['map'])).toContain('Campus map');
    expect(titles(['buildings'])).toContain('Campus map');
    const spanish = sectionsIn('es');
    expect(
      matchDestinations(['edificio'], spanish, 'es').map((h) => h.destination.title),
    ).toContain('Mapa del campus');
  });

  it('a building is found by its code, its name and, for a Spanish reader, its English name, and leads to the map searched for its code', () => {
    const config = campusConfigSchema.parse({ buildings: SAMPLE_BUILDINGS });
    const english = campusBuildings(campusIn(config, 'en'), 'en');
    const spanish = campusBuildings(campusIn(config, 'es'), 'es');
    const found = (words: string[], list: Destination[], language: 'en' | 'es' = 'en') =>
      matchDestinations(words, list, language, false).map((h) => h.destination);
    expect(found(['eb'], english)[0]).toMatchObject({
      title: 'Engineering Building (EB)',
      href: '/map?q=EB',
    });
    expect(found(['cramer'], english).map((d) => d.title)).toEqual(['Cramer Hall (CH)']);
    expect(found(['ingenieria'], spanish, 'es')[0]?.title).toBe('Edificio de Ingeniería (EB)');
    expect(found(['engineering'], spanish, 'es')[0]?.href).toBe('/map?q=EB');
    // Word by word as typed: a misspelt "acadmics" leads to no building.
    expect(found(['acadmics'], english)).toEqual([]);
    expect(found(['academic'], english)[0]?.title).toBe(
      'Academic and Student Recreation Center (ASRC)',
    );
  });
});
