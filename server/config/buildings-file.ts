import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Issue 89, buildings as campus data: the campus configuration's `buildings` may name a file an IT
 * team already has instead of listing them, relative to the configuration file: a CSV file (a
 * header row, then one building a row) or a GeoJSON FeatureCollection of Points (RFC 7946: each
 * point's coordinates are `[longitude, latitude]`). Either gives the list `buildings` would hold,
 * which the configuration's schema then checks as it checks a list written in place.
 *
 * CSV columns (by header name, in any order; only `code`, `name`, `address`, `latitude` and
 * `longitude` required): `name_es`, `accessible_entrance`, `accessible_entrance_es`, `aka` (other
 * names, separated by `|`), `photo`. GeoJSON properties: the same names.
 */

/** The largest buildings file read: a thousand buildings in GeoJSON with outlines is well under. */
export const MAX_BUILDINGS_FILE_BYTES = 2 * 1024 * 1024;

/** Why a buildings file could not be read: the configuration check says it with the file's name. */
export class BuildingsFileError extends Error {}

type Row = Record<string, string | number | undefined>;

/** The buildings listed in `file` (resolved against the configuration file's folder). */
export function readBuildingsFile(file: string, configFile: string): unknown[] {
  const full = path.resolve(path.dirname(configFile), file);
  let size: number;
  try {
    size = statSync(full).size;
  } catch {
    throw new BuildingsFileError(`cannot read ${file}`);
  }
  // Bounded before it is read or parsed.
  if (size > MAX_BUILDINGS_FILE_BYTES)
    throw new BuildingsFileError(`${file} is larger than ${MAX_BUILDINGS_FILE_BYTES} bytes`);
  const text = readFileSync(full, 'utf8').replace(/^\uFEFF/, '');
  const rows = /\.csv$/i.test(file) ? csvRows(text) : geoJsonRows(text, file);
  return rows.map(buildingOf);
}

const text = (value: string | number | undefined) =>
  value === undefined || value === '' ? undefined : String(value);

/** One row as the configuration's building: a name per language when a Spanish one is given. */
function buildingOf(row: Row): unknown {
  const localized = (en: string | undefined, es: string | undefined) =>
    en !== undefined && es !== undefined ? { en, es } : en;
  const number = (value: string | number | undefined) =>
    typeof value === 'number'
      ? value
      : value === undefined || value.trim() === ''
        ? NaN
        : Number(value);
  const aka = text(row.aka)
    ?.split('|')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  return Object.fromEntries(
    Object.entries({
      code: text(row.code),
      name: localized(text(row.name), text(row.name_es)),
      address: text(row.address),
      latitude: number(row.latitude),
      longitude: number(row.longitude),
      accessibleEntrance: localized(
        text(row.accessible_entrance),
        text(row.accessible_entrance_es),
      ),
      aka: aka && aka.length > 0 ? aka : undefined,
      photo: text(row.photo),
    }).filter(([, v]) => v !== undefined),
  );
}

const pointSchema = z.object({
  type: z.literal('Point'),
  coordinates: z.tuple([z.number(), z.number()]).rest(z.number()),
});
const featureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: pointSchema,
      properties: z.record(z.string(), z.union([z.string(), z.number()]).nullable()),
    }),
  ),
});

function geoJsonRows(source: string, file: string): Row[] {
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch {
    throw new BuildingsFileError(`${file} is not JSON`);
  }
  const parsed = featureCollectionSchema.safeParse(raw);
  if (!parsed.success)
    throw new BuildingsFileError(`${file} is not a GeoJSON FeatureCollection of Points`);
  return parsed.data.features.map(({ geometry, properties }) => {
    const row: Row = {};
    for (const [key, value] of Object.entries(properties)) if (value !== null) row[key] = value;
    const [longitude, latitude] = geometry.coordinates;
    return { ...row, latitude, longitude };
  });
}

/**
 * A strict CSV reader (RFC 4180): fields separated by commas, a field in double quotes may hold
 * commas, line breaks and doubled quotes; anything else about quotes, or a row with another count of
 * fields than the header, is refused with its line.
 */
export function csvRows(source: string): Row[] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
        const next = source[i + 1];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
          throw new BuildingsFileError(`line ${line}: text after a closing quote`);
      } else {
        if (c === '\n') line += 1;
        field += c;
      }
    } else if (c === '"') {
      if (field !== '') throw new BuildingsFileError(`line ${line}: a quote inside a field`);
      quoted = true;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i += 1;
      record.push(field);
      if (record.length > 1 || record[0] !== '') records.push(record);
      record = [];
      field = '';
      line += 1;
    } else field += c;
  }
  if (quoted) throw new BuildingsFileError(`line ${line}: a quote is never closed`);
  record.push(field);
  if (record.length > 1 || record[0] !== '') records.push(record);
  const [header, ...rows] = records;
  if (!header) return [];
  const names = header.map((h) => h.trim().toLowerCase());
  return rows.map((values, k) => {
    if (values.length !== names.length)
      throw new BuildingsFileError(
        `row ${k + 2}: ${values.length} fields where the header names ${names.length}`,
      );
    return Object.fromEntries(names.map((name, n) => [name, values[n]?.trim()]));
  });
}
