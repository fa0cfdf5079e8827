import { buildingOf } from '../../contract/buildings.schema.js';
import type { Building } from '../../contract/buildings.schema.js';
import type { Meeting } from '../../contract/sis/schedule.schema.js';
import { isSisWarning } from '../../contract/sis/warning.schema.js';
import type { SisAnswer } from './endpoints.js';

/**
 * Issue 89, maps to classes: each meeting in a building the campus lists carries that building
 * (`PLACE`: code, English name, address, coordinates, its place on the campus's map, and the site
 * the SIS named where the campus has several), so the schedule and Today's Classes link to the map
 * with no other request, offline copies included. A place the campus did not list ("Online", a
 * room elsewhere) is left as the record writes it, with the place the SIS gave where it gave one.
 */
export function withPlaces(
  answer: SisAnswer<'schedule'>,
  buildings: readonly Building[],
): SisAnswer<'schedule'> {
  if (isSisWarning(answer) || buildings.length === 0) return answer;
  return answer.map((meeting): Meeting => {
    // The campus's own list wins where it names the building (its Spanish name, its entrance);
    // else the place the SIS gave stands (an Ethos building's address and coordinates). The site
    // the SIS named for the building (Ethos `sites`) is kept either way: the list names none.
    const building = buildingOf(buildings, meeting.BUILDING);
    if (!building) return meeting;
    const { code, name, address, latitude, longitude, mapUrl } = building;
    const site = meeting.PLACE?.site;
    return {
      ...meeting,
      PLACE: { code, name, address, latitude, longitude, mapUrl, ...(site && { site }) },
    };
  });
}
