import { buildingOf } from '../../contract/buildings.schema.js';
import type { Building } from '../../contract/buildings.schema.js';
import type { Meeting } from '../../contract/sis/schedule.schema.js';
import { MAX_MAP_QUERY } from './map-query.js';

/**
 * Issue 89, the campus map page (`/map`): the buildings a search finds, by code, name or another
 * name, in either language (a building's English name is among its other names for a reader of
 * Spanish), and today's classes' buildings first, each with the classes it holds today.
 */

/** Lower case, accents and repeated spaces gone: "Ingeniería" is found by "ingenieria". */
const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The words of a search, folded; none for an empty one. */
export const queryWords = (query: string): string[] =>
  fold(query.slice(0, MAX_MAP_QUERY))
    .split(' ')
    .filter((w) => w !== '');

/** Whether every word of a search is in the building's code, name or one of its other names. */
export function matchesBuilding(
  building: Pick<Building, 'code' | 'name' | 'aka'>,
  words: readonly string[],
): boolean {
  const names = [building.code, building.name, ...(building.aka ?? [])].map(fold);
  return words.every((word) => names.some((name) => name.includes(word)));
}

/** A building on the map's list, with the classes that meet in it today (start-time order). */
export interface MapEntry {
  building: Building;
  today: Meeting[];
}

/** Today's meetings by the code of the building each meets in (its `PLACE`, else its BUILDING). */
function meetingsByBuilding(buildings: readonly Building[], today: readonly Meeting[]) {
  const byCode = new Map<string, Meeting[]>();
  for (const meeting of today) {
    const code = meeting.PLACE?.code ?? buildingOf(buildings, meeting.BUILDING)?.code;
    if (!code) continue;
    byCode.set(code, [...(byCode.get(code) ?? []), meeting]);
  }
  return byCode;
}

/**
 * The buildings a search finds: those where today's classes meet first, in the order of their
 * first class (`today` is in start-time order), then the others by name in the reader's language.
 */
export function campusMapList(
  buildings: readonly Building[],
  today: readonly Meeting[],
  query: string,
  locale: string,
): MapEntry[] {
  const words = queryWords(query);
  const byCode = meetingsByBuilding(buildings, today);
  const found = buildings.filter((b) => matchesBuilding(b, words));
  const order = [...byCode.keys()];
  const withClasses = found
    .filter((b) => byCode.has(b.code))
    .sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code));
  const others = found
    .filter((b) => !byCode.has(b.code))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return [...withClasses, ...others].map((building) => ({
    building,
    today: byCode.get(building.code) ?? [],
  }));
}
