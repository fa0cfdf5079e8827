import type { BuildingConfig } from './campus-config.schema.js';

/**
 * The sample campus's buildings (issue 89), used when no CAMPUS_CONFIG is given
 * (server/config/campus.ts), with the names the sample records and feeds write for them. Kept out
 * of the schema's defaults so the browser never carries them. The addresses and coordinates are
 * of a downtown campus on the Pacific clock the sample campus keeps.
 */
export const SAMPLE_BUILDINGS: BuildingConfig[] = [
  {
    code: 'CH',
    name: 'Cramer Hall',
    address: '1721 SW Broadway, Portland, OR 97201',
    latitude: 45.5118,
    longitude: -122.6835,
    accessibleEntrance: {
      en: 'Step-free entrance on the Park Blocks side, with an automatic door.',
      es: 'Entrada sin escalones del lado de los Park Blocks, con puerta automática.',
    },
  },
  {
    code: 'EB',
    name: { en: 'Engineering Building', es: 'Edificio de Ingeniería' },
    address: '1930 SW 4th Ave, Portland, OR 97201',
    latitude: 45.5092,
    longitude: -122.6813,
    accessibleEntrance: {
      en: 'Step-free entrance on SW 4th Avenue.',
      es: 'Entrada sin escalones por la SW 4th Avenue.',
    },
  },
  {
    code: 'KMC',
    name: 'Karl Miller Center',
    address: '615 SW Harrison St, Portland, OR 97201',
    latitude: 45.5089,
    longitude: -122.6838,
  },
  {
    code: 'LIB',
    name: { en: 'Millar Library', es: 'Biblioteca Millar' },
    address: '1875 SW Park Ave, Portland, OR 97201',
    latitude: 45.5113,
    longitude: -122.6858,
    accessibleEntrance: {
      en: 'Step-free main entrance on SW Park Avenue.',
      es: 'Entrada principal sin escalones por la SW Park Avenue.',
    },
  },
  {
    code: 'LH',
    name: 'Lincoln Hall',
    address: '1620 SW Park Ave, Portland, OR 97201',
    latitude: 45.5137,
    longitude: -122.6849,
  },
  {
    code: 'SMSU',
    name: 'Smith Memorial Student Union',
    aka: ['Smith Memorial Student Union Ballroom'],
    address: '1825 SW Broadway, Portland, OR 97201',
    latitude: 45.5112,
    longitude: -122.6842,
    accessibleEntrance: {
      en: 'Step-free entrance on SW Broadway, elevators to every floor.',
      es: 'Entrada sin escalones por la SW Broadway, con ascensores a todos los pisos.',
    },
  },
  {
    code: 'SRTC',
    name: 'Science Research and Teaching Center',
    address: '1719 SW 10th Ave, Portland, OR 97201',
    latitude: 45.5128,
    longitude: -122.6862,
  },
  {
    code: 'FMH',
    name: 'Fariborz Maseeh Hall',
    address: '1721 SW Broadway, Portland, OR 97201',
    latitude: 45.5122,
    longitude: -122.684,
  },
  {
    code: 'URBN',
    name: 'Urban Center',
    address: '506 SW Mill St, Portland, OR 97201',
    latitude: 45.5125,
    longitude: -122.6822,
  },
  {
    code: 'ASRC',
    name: { en: 'Academic and Student Recreation Center', es: 'Centro Académico y Recreativo' },
    address: '1800 SW 6th Ave, Portland, OR 97201',
    latitude: 45.5114,
    longitude: -122.6822,
  },
  {
    code: 'PSC',
    name: 'Peter Stott Center',
    address: '930 SW Hall St, Portland, OR 97201',
    latitude: 45.5105,
    longitude: -122.687,
  },
  {
    code: 'FAB',
    name: 'Fourth Avenue Building',
    address: '1900 SW 4th Ave, Portland, OR 97201',
    latitude: 45.5097,
    longitude: -122.6808,
  },
];
