import { describe, expect, it } from 'vitest';
import { campusConfigSchema } from '../../contract/campus-config.schema.js';
import { campusIn } from '../../contract/campus-in.js';
import { SAMPLE_BUILDINGS } from '../../contract/sample-buildings.js';
import { campusMapList, matchesBuilding, queryWords } from '../../src/lib/campus-map.js';
import { mapSearchSchema } from '../../src/pages/portal/map/map-search.js';
import { meeting } from './academics-fixtures.js';

const config = campusConfigSchema.parse({ buildings: SAMPLE_BUILDINGS });
const english = campusIn(config, 'en').buildings;
const spanish = campusIn(config, 'es').buildings;
const codes = (list: { building: { code: string } }[]) => list.map((e) => e.building.code);

describe('the campus map (issue 89): buildings searched by code and name in both languages', () => {
  it('finds a building by its code, whatever the case', () => {
    expect(codes(campusMapList(english, [], 'eb', 'en'))).toEqual(['EB']);
    expect(codes(campusMapList(english, [], 'CH', 'en'))).toContain('CH');
  });

  it('finds a building by a word of its name, accents folded, in Spanish and by its English name', () => {
    expect(codes(campusMapList(spanish, [], 'ingenieria', 'es'))).toEqual(['EB']);
    expect(codes(campusMapList(spanish, [], 'Engineering', 'es'))).toEqual(['EB']);
    expect(codes(campusMapList(english, [], 'ingeniería', 'en'))).toEqual([]);
  });

  it('every word of a search must be found: "cramer hall" finds Cramer Hall alone', () => {
    expect(codes(campusMapList(english, [], '  cramer   HALL ', 'en'))).toEqual(['CH']);
    expect(matchesBuilding({ code: 'CH', name: 'Cramer Hall' }, queryWords('cramer library'))).toBe(
      false,
    );
  });

  it('an empty search lists every building, by name in the reader’s language', () => {
    const all = campusMapList(english, [], '', 'en');
    expect(all).toHaveLength(SAMPLE_BUILDINGS.length);
    const names = all.map((e) => e.building.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("today's classes' buildings come first, in the order of their first class, with their classes", () => {
    const today = [
      meeting({
        SUBJECTCODE: 'MTH',
        COURSENUMBER: '251',
        BUILDING: 'Cramer Hall',
        STARTTIME: '09:00',
      }),
      meeting({ SUBJECTCODE: 'CS', COURSENUMBER: '161', BUILDING: 'EB', STARTTIME: '10:00' }),
      meeting({
        SUBJECTCODE: 'WR',
        COURSENUMBER: '121',
        BUILDING: 'Cramer Hall',
        STARTTIME: '13:00',
      }),
      meeting({ SUBJECTCODE: 'UNST', COURSENUMBER: '101', BUILDING: null, STARTTIME: '15:00' }),
    ];
    const list = campusMapList(english, today, '', 'en');
    expect(codes(list).slice(0, 2)).toEqual(['CH', 'EB']);
    expect(list[0]?.today.map((m) => m.COURSENUMBER)).toEqual(['251', '121']);
    expect(list[2]?.today).toEqual([]);
    // The search still applies to them.
    expect(codes(campusMapList(english, today, 'engineering', 'en'))).toEqual(['EB']);
  });

  it('a class carrying its PLACE is placed by its code', () => {
    const place = english.find((b) => b.code === 'LIB');
    if (!place) throw new Error('the sample campus lists the library');
    const [first] = campusMapList(
      english,
      [meeting({ BUILDING: 'Odd Name', PLACE: place })],
      '',
      'en',
    );
    expect(first?.building.code).toBe('LIB');
  });

  it('the address’s ?q= is read as the text typed, cut to a search’s length; anything else is no search', () => {
    expect(mapSearchSchema.parse({ q: 251 })).toEqual({ q: '251' });
    expect(mapSearchSchema.parse({ q: 'x'.repeat(500) }).q).toHaveLength(100);
    expect(mapSearchSchema.parse({})).toEqual({});
    expect(mapSearchSchema.parse({ q: { a: 1 } })).toEqual({ q: undefined });
  });
});
