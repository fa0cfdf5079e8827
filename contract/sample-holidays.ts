import type { Holiday } from './campus.schema.js';

/**
 * The sample campus's holidays for the 2026–27 academic year, used when no CAMPUS_CONFIG is given
 * (server/config/campus.ts). Kept out of the schema's defaults so the browser never carries them.
 */
export const SAMPLE_HOLIDAYS: Holiday[] = [
  { name: 'Labor Day', date: '2026-09-07' },
  { name: 'Veterans Day', date: '2026-11-11' },
  { name: 'Thanksgiving holiday', date: '2026-11-26', through: '2026-11-27' },
  { name: 'Winter closure', date: '2026-12-24', through: '2027-01-01' },
  { name: 'Martin Luther King Jr. Day', date: '2027-01-18' },
  { name: 'Memorial Day', date: '2027-05-31' },
  { name: 'Juneteenth (observed)', date: '2027-06-18' },
  { name: 'Independence Day (observed)', date: '2027-07-05' },
];
