import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildingOf, buildingsAnswerSchema } from '../../../../contract/buildings.schema.js';
import { scheduleAnswerSchema } from '../../../../contract/sis/schedule.schema.js';
import { readCampusConfigs } from '../../../../server/config/campus.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const campusFile = (config: unknown) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
};

const buildingsOf = async (app: FastifyInstance, language: 'en' | 'es') => {
  const answer = await app.inject({ url: `/api/campus/buildings?language=${language}` });
  expect(answer.statusCode).toBe(200);
  return buildingsAnswerSchema.parse(answer.json()).buildings;
};

describe('GET /api/campus/buildings (issue 89: buildings are campus data)', () => {
  let app: FastifyInstance;
  afterEach(async () => app?.close());

  it("the sample campus lists a dozen buildings, without sign-in, each with coordinates and its place on OpenStreetMap; the records' building names find them", async () => {
    app = await createTestApp();
    const buildings = await buildingsOf(app, 'en');
    expect(buildings).toHaveLength(12);
    const cramer = buildingOf(buildings, 'Cramer Hall');
    expect(cramer).toMatchObject({
      code: 'CH',
      address: '1721 SW Broadway, Portland, OR 97201',
      mapUrl: 'https://www.openstreetmap.org/?mlat=45.5118&mlon=-122.6835#map=18/45.5118/-122.6835',
    });
    expect(buildingOf(buildings, ' cramer   HALL ')).toBe(cramer);
    expect(buildingOf(buildings, 'ch')).toBe(cramer);
    expect(buildingOf(buildings, 'Online')).toBeNull();
    // Every place the sample records and feeds write for a class or an event is listed.
    for (const place of ['Engineering Building', 'Karl Miller Center', 'Millar Library']) {
      expect(buildingOf(buildings, place), place).not.toBeNull();
    }
    expect(buildingOf(buildings, 'Smith Memorial Student Union Ballroom')?.code).toBe('SMSU');
  });

  it("in Spanish: the campus's Spanish name and entrance, the English name kept for the records; a name given only in English is marked English", async () => {
    app = await createTestApp();
    const buildings = await buildingsOf(app, 'es');
    const engineering = buildingOf(buildings, 'Engineering Building');
    expect(engineering).toMatchObject({ name: 'Edificio de Ingeniería', code: 'EB' });
    expect(engineering?.lang).toBeUndefined();
    expect(engineering?.accessibleEntrance).toBe('Entrada sin escalones por la SW 4th Avenue.');
    expect(buildingOf(buildings, 'Cramer Hall')).toMatchObject({ name: 'Cramer Hall', lang: 'en' });
    const english = await buildingsOf(app, 'en');
    expect(buildingOf(english, 'EB')?.lang).toBeUndefined();
    expect(buildingOf(english, 'EB')?.aka).toBeUndefined();
  });

  it("a campus's own buildings and map address replace the sample's; a campus that lists none has none", async () => {
    const file = campusFile({
      buildings: [
        { code: 'OWL', name: 'Owl Hall', address: '1 Owl Way', latitude: 40.1, longitude: -75.2 },
      ],
      maps: { placeUrl: 'https://maps.owl.edu/place?lat={lat}&lng={lon}' },
    });
    app = await createTestApp({ env: { CAMPUS_CONFIG: file } });
    expect(await buildingsOf(app, 'en')).toEqual([
      {
        code: 'OWL',
        name: 'Owl Hall',
        address: '1 Owl Way',
        latitude: 40.1,
        longitude: -75.2,
        mapUrl: 'https://maps.owl.edu/place?lat=40.1&lng=-75.2',
      },
    ]);
    await app.close();
    app = await createTestApp({ env: { CAMPUS_CONFIG: campusFile({ ssoName: 'Owl' }) } });
    expect(await buildingsOf(app, 'en')).toEqual([]);
  });

  it("a class's meeting in a listed building carries the building and its place on the map; a class online carries none", async () => {
    app = await createTestApp({ clock: () => new Date('2026-11-02T18:00:00.000Z') });
    const { token } = await signIn(app, 'student');
    const answer = await app.inject({
      url: '/api/integrations/finti/schedule?term=202604',
      headers: { authorization: `Token ${token}` },
    });
    const meetings = scheduleAnswerSchema.parse(answer.json());
    if (!Array.isArray(meetings)) throw new Error('the sample schedule is a list');
    const byCourse = new Map(meetings.map((m) => [`${m.SUBJECTCODE} ${m.COURSENUMBER}`, m]));
    expect(byCourse.get('WR 121')?.PLACE).toEqual({
      code: 'CH',
      name: 'Cramer Hall',
      address: '1721 SW Broadway, Portland, OR 97201',
      latitude: 45.5118,
      longitude: -122.6835,
      mapUrl: 'https://www.openstreetmap.org/?mlat=45.5118&mlon=-122.6835#map=18/45.5118/-122.6835',
    });
    expect(byCourse.get('CS 161')?.PLACE?.code).toBe('EB');
    expect(byCourse.get('MTH 251')?.BUILDING).toBeNull();
    expect(byCourse.get('MTH 251')?.PLACE).toBeUndefined();
  });

  it('refuses at start-up, naming the field: a code listed twice, a latitude off the globe, a map address without {lat} and {lon}', () => {
    const hall = { code: 'A', name: 'A Hall', address: '1 A St', latitude: 1, longitude: 1 };
    expect(() =>
      readCampusConfigs(campusFile({ buildings: [hall, { ...hall, code: 'a' }] })),
    ).toThrow(/CAMPUS_CONFIG buildings: each building code once/);
    expect(() => readCampusConfigs(campusFile({ buildings: [{ ...hall, latitude: 91 }] }))).toThrow(
      /CAMPUS_CONFIG buildings\.0\.latitude/,
    );
    expect(() =>
      readCampusConfigs(campusFile({ maps: { placeUrl: 'https://maps.owl.edu/' } })),
    ).toThrow(/CAMPUS_CONFIG maps\.placeUrl: names \{lat\} and \{lon\}/);
  });
});
