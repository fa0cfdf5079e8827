import { describe, expect, it, vi } from 'vitest';
import type { Building } from '../../../../contract/buildings.schema.js';
import type { Meeting } from '../../../../contract/sis/schedule.schema.js';
import type { EthosSite } from '../../../../server/sis/ethos/building-model.js';
import {
  SITES_RETRY_MS,
  placeOf,
  siteTitles,
} from '../../../../server/sis/ethos/building-place.js';
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

describe("a building's site (issue 89; sites v6): named beside the building only where the campus has more than one", () => {
  const north: EthosSite = { id: 's1', code: 'N', title: 'North Campus' };
  const south: EthosSite = { id: 's2', code: 'S', title: 'South Campus' };
  const tables = (...sites: EthosSite[]) => ({
    sites: { all: () => Promise.resolve(new Map(sites.map((s) => [s.id, s]))) },
  });
  const onNorth = { ...hall, site: { id: 's1' } };
  const sitesOf = (tables: Parameters<typeof siteTitles>[0]) => siteTitles(tables, () => 0)();

  it("with two sites, the place carries the title of the building's site", async () => {
    const siteOf = await sitesOf(tables(north, south));
    expect(placeOf(onNorth, TEMPLATE, siteOf)).toEqual({
      ...placeOf(hall, TEMPLATE),
      site: 'North Campus',
    });
  });

  it('with one site, or none read, the place is as before: no site', async () => {
    expect(placeOf(onNorth, TEMPLATE, await sitesOf(tables(north)))).toEqual(
      placeOf(hall, TEMPLATE),
    );
    expect(placeOf(onNorth, TEMPLATE, await sitesOf(tables()))).not.toHaveProperty('site');
  });

  it('a building that names no site, or one not in the table, has none; a title the contract refuses costs the site, never the place', async () => {
    const siteOf = await sitesOf(tables(north, south, { id: 's3', title: 'x'.repeat(121) }));
    expect(placeOf(hall, TEMPLATE, siteOf)).not.toHaveProperty('site');
    expect(placeOf({ ...hall, site: { id: 'gone' } }, TEMPLATE, siteOf)).not.toHaveProperty('site');
    const long = placeOf({ ...hall, site: { id: 's3' } }, TEMPLATE, siteOf);
    expect(long).toEqual(placeOf(hall, TEMPLATE));
  });

  it('a sites read that fails names no site: the building keeps its place and its name', async () => {
    const failing = { sites: { all: () => Promise.reject(new Error('sites: 500')) } };
    const place = placeOf(onNorth, TEMPLATE, await sitesOf(failing));
    expect(place).toEqual(placeOf(hall, TEMPLATE));
    expect(place?.name).toBe('Science Center');
  });

  it('a sites read that fails is told, and the sites are not asked for again for a while (a refused resource costs no call on every schedule)', async () => {
    let now = 0;
    let up = false;
    const all = vi.fn(() =>
      up
        ? Promise.resolve(new Map([north, south].map((s) => [s.id, s])))
        : Promise.reject(new Error('sites: 403')),
    );
    const told: unknown[] = [];
    const sites = siteTitles(
      { sites: { all } },
      () => now,
      (err) => told.push(err),
    );
    expect(placeOf(onNorth, TEMPLATE, await sites())).not.toHaveProperty('site');
    expect(told).toEqual([new Error('sites: 403')]);
    up = true;
    now += SITES_RETRY_MS - 1;
    expect(placeOf(onNorth, TEMPLATE, await sites())).not.toHaveProperty('site');
    expect(all).toHaveBeenCalledTimes(1);
    now += 1;
    expect(placeOf(onNorth, TEMPLATE, await sites())?.site).toBe('North Campus');
    expect(all).toHaveBeenCalledTimes(2);
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

  it("the site the SIS named is kept where the campus's own entry wins (the list names no site)", () => {
    const [placed] = meetingsOf(
      withPlaces([meeting('Science Center', { ...fromEthos!, site: 'North Campus' })], [listed]),
    );
    expect(placed?.PLACE).toEqual({ ...listed, site: 'North Campus' });
    const [none] = meetingsOf(withPlaces([meeting('Science Center', fromEthos)], [listed]));
    expect(none?.PLACE).not.toHaveProperty('site');
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
