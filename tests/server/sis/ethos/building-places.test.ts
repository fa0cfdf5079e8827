import { describe, expect, it } from 'vitest';
import type { Building } from '../../../../contract/buildings.schema.js';
import type { Meeting } from '../../../../contract/sis/schedule.schema.js';
import { placeOf } from '../../../../server/sis/ethos/schedule.js';
import { withPlaces } from '../../../../server/sis/places.js';

const TEMPLATE = 'https://maps.example.edu/?lat={lat}&lon={lon}';
const hall = {
  id: 'b1',
  code: 'SC',
  title: 'Science Center',
  address: {
    addressLines: ['1 Science Way'],
    place: { country: { locality: 'Portland', region: { title: 'OR' }, postalCode: '97201' } },
    latitude: 45.5,
    longitude: -122.6,
  },
};

describe("a building as Ethos places it (issue 89; buildings v11's address)", () => {
  it('has a place with the street, town, region and postal code, and the campus map at its coordinates', () => {
    expect(placeOf(hall, TEMPLATE)).toEqual({
      code: 'SC',
      name: 'Science Center',
      address: '1 Science Way, Portland, OR 97201',
      latitude: 45.5,
      longitude: -122.6,
      mapUrl: 'https://maps.example.edu/?lat=45.5&lon=-122.6',
    });
  });

  it('has none without coordinates, without any address, or with a code the contract refuses', () => {
    const { latitude: _latitude, ...noLatitude } = hall.address;
    expect(placeOf({ ...hall, address: noLatitude }, TEMPLATE)).toBeUndefined();
    expect(placeOf({ id: 'b2', code: 'SC', title: 'Science Center' }, TEMPLATE)).toBeUndefined();
    expect(
      placeOf({ ...hall, address: { ...hall.address, addressLines: [], place: {} } }, TEMPLATE),
    ).toBeUndefined();
    expect(placeOf({ ...hall, code: '(SC)' }, TEMPLATE)).toBeUndefined();
  });
});

/** The meetings of a schedule answer (a Warning has none). */
const meetingsOf = (answer: ReturnType<typeof withPlaces>): Meeting[] =>
  Array.isArray(answer) ? answer : [];

describe("a class's place: the campus's list first, else the SIS's", () => {
  const meeting = (building: string, place?: Meeting['PLACE']): Meeting => ({
    SUBJECTCODE: 'BIO',
    COURSENUMBER: '101',
    COURSETITLE: 'Biology',
    COURSEREGISTRATIONNUMBER: '1',
    TERMCODE: '202604',
    DAYS: 'MW',
    DAYSDISPLAY: 'Mon, Wed',
    STARTTIME: '09:00',
    ENDTIME: '10:00',
    STARTDATE: '2026-09-28',
    ENDDATE: '2026-12-11',
    BUILDING: building,
    ROOM: '1',
    LOCATION: `${building} 1`,
    MEETINGTYPE: 'CLAS',
    INSTRUCTIONAL_METHOD: 'In person',
    ...(place && { PLACE: place }),
  });
  const fromEthos = placeOf(hall, TEMPLATE);
  const listed: Building = {
    code: 'SC',
    name: 'Science Center',
    address: '1 Science Way, Portland, OR 97201 (east entrance)',
    latitude: 45.51,
    longitude: -122.61,
    mapUrl: 'https://campus.example.edu/map/sc',
  };

  it("the campus's own entry wins where it names the building", () => {
    const [placed] = meetingsOf(withPlaces([meeting('Science Center', fromEthos)], [listed]));
    expect(placed?.PLACE?.mapUrl).toBe('https://campus.example.edu/map/sc');
  });

  it("the SIS's place stands where the campus lists no such building, or none at all", () => {
    const [kept] = meetingsOf(withPlaces([meeting('Science Center', fromEthos)], []));
    expect(kept?.PLACE).toEqual(fromEthos);
    const [other] = meetingsOf(
      withPlaces(
        [meeting('Science Center', fromEthos)],
        [{ ...listed, code: 'LIB', name: 'Library' }],
      ),
    );
    expect(other?.PLACE).toEqual(fromEthos);
  });
});
