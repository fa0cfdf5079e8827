import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_BUILDINGS_FILE_BYTES, csvRows } from '../../../server/config/buildings-file.js';
import { readCampusConfigs } from '../../../server/config/campus.js';

/** A campus configuration whose `buildings` names `name`, written beside it with `content`. */
function campusWith(name: string, content: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'campus-buildings-'));
  writeFileSync(path.join(folder, name), content);
  const config = path.join(folder, 'campus.json');
  writeFileSync(config, JSON.stringify({ buildings: name }));
  return config;
}

const CSV = [
  'code,name,name_es,address,latitude,longitude,accessible_entrance,aka',
  'CH,Cramer Hall,Salón Cramer,"1721 SW Broadway, Portland, OR",45.5118,-122.6843,Ramp on the Park Blocks side,CRAMER|Cramer',
  'EB,Engineering Building,,1930 SW 4th Ave,45.5092,-122.6813,,',
  '',
].join('\r\n');

const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-122.6843, 45.5118] },
      properties: {
        code: 'CH',
        name: 'Cramer Hall',
        name_es: 'Salón Cramer',
        address: '1721 SW Broadway',
        aka: null,
      },
    },
  ],
});

describe('buildings as campus data: a CSV or GeoJSON file the IT team has (issue 89)', () => {
  it('a CSV file named by `buildings` is the list, names per language, quoted commas kept', () => {
    const { en, es } = readCampusConfigs(campusWith('buildings.csv', CSV));
    expect(en.buildings.map((b) => b.code)).toEqual(['CH', 'EB']);
    expect(en.buildings[0]).toMatchObject({
      name: 'Cramer Hall',
      address: '1721 SW Broadway, Portland, OR',
      latitude: 45.5118,
      longitude: -122.6843,
      accessibleEntrance: 'Ramp on the Park Blocks side',
    });
    expect(en.buildings[0]?.aka).toEqual(expect.arrayContaining(['CRAMER', 'Cramer']));
    expect(es.buildings[0]?.name).toBe('Salón Cramer');
    expect(en.buildings[1]).not.toHaveProperty('accessibleEntrance');
  });

  it('a GeoJSON FeatureCollection of Points gives each point as [longitude, latitude]', () => {
    const { en } = readCampusConfigs(campusWith('buildings.geojson', GEOJSON));
    expect(en.buildings).toEqual([
      expect.objectContaining({ code: 'CH', latitude: 45.5118, longitude: -122.6843 }),
    ]);
  });

  it('a file past its bound is refused before it is parsed', () => {
    const big = `code,name\n${'x'.repeat(MAX_BUILDINGS_FILE_BYTES)}`;
    expect(() => readCampusConfigs(campusWith('buildings.csv', big))).toThrow(
      /CAMPUS_CONFIG buildings: buildings.csv is larger than/,
    );
  });

  it('a building the file gets wrong is refused as the configuration refuses one in place', () => {
    const wrong =
      'code,name,address,latitude,longitude\nCH,Cramer Hall,1721 SW Broadway,north,-122.68\n';
    expect(() => readCampusConfigs(campusWith('buildings.csv', wrong))).toThrow(
      /CAMPUS_CONFIG buildings\.0\.latitude/,
    );
    expect(() => readCampusConfigs(campusWith('buildings.geojson', '{"type":"Feature"}'))).toThrow(
      /not a GeoJSON FeatureCollection of Points/,
    );
    const folder = mkdtempSync(path.join(tmpdir(), 'campus-buildings-'));
    const config = path.join(folder, 'campus.json');
    writeFileSync(config, JSON.stringify({ buildings: 'missing.csv' }));
    expect(() => readCampusConfigs(config)).toThrow(
      /CAMPUS_CONFIG buildings: cannot read missing.csv/,
    );
    expect(readCampusConfigs(campusWith('empty.csv', '')).en.buildings).toEqual([]);
  });

  it('the CSV reader is strict: a stray quote, an unclosed quote, a short row are refused with the line', () => {
    expect(() => csvRows('a,b\nx"y,z\n')).toThrow(/line 2: a quote inside a field/);
    expect(() => csvRows('a,b\n"x,z\n')).toThrow(/a quote is never closed/);
    expect(() => csvRows('a,b\n"x"y,z\n')).toThrow(/line 2: text after a closing quote/);
    expect(() => csvRows('a,b\nx\n')).toThrow(/row 2: 1 fields where the header names 2/);
    expect(csvRows('a,b\n"say ""hi""","two\nlines"\n')).toEqual([
      { a: 'say "hi"', b: 'two\nlines' },
    ]);
  });
});
