import { readFileSync } from 'node:fs';
import path from 'node:path';
import { campusConfigSchema } from '../../contract/campus-config.schema.js';
import { campusIn } from '../../contract/campus-in.js';
import type { CampusConfig, ServerCampus } from '../../contract/campus-config.schema.js';
import { BOOKING_PLACEHOLDER } from '../../contract/campus.schema.js';
import type { Campus } from '../../contract/campus.schema.js';
import type { Language } from '../../contract/language.schema.js';
import { formatPhoneNumber, isPhoneCountry } from '../../contract/phone.rules.js';
import { SAMPLE_BUILDINGS } from '../../contract/sample-buildings.js';
import { SAMPLE_HOLIDAYS } from '../../contract/sample-holidays.js';
import { SAMPLE_RECORD_NAMES } from '../../contract/sample-record-names.js';
import { BuildingsFileError, readBuildingsFile } from './buildings-file.js';
import { hasCredentials } from '../net/printable-url.js';
import { ConfigError, isSafeUrl } from './env.js';

/**
 * The campus configuration in each language (issue 59): the texts a campus gave per language in
 * each reader's version, English where it gave one text (contract/campus-config.schema.ts).
 */
export type Campuses = Record<Language, ServerCampus>;

/** The `CAMPUS_CONFIG` file in each language: what `GET /api/campus` answers a reader of each. */
export function readCampusConfigs(file: string | undefined): Campuses {
  const config = readCampusFile(file);
  const inLanguage = (language: Language) => withPhoneLabel(campusIn(config, language));
  return { en: inLanguage('en'), es: inLanguage('es') };
}

/**
 * Reads and checks the `CAMPUS_CONFIG` JSON file; unset means the placeholder defaults and the sample
 * campus's holidays, Spanish record names and buildings (a campus's own file lists its own, or none).
 */
function readCampusFile(file: string | undefined): CampusConfig {
  if (!file) {
    const sample = { holidays: SAMPLE_HOLIDAYS, recordNames: SAMPLE_RECORD_NAMES };
    return campusConfigSchema.parse({ ...sample, buildings: SAMPLE_BUILDINGS });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ConfigError(
      `Invalid configuration:\n  CAMPUS_CONFIG: cannot read ${file}: ${reason}`,
    );
  }
  const parsed = campusConfigSchema.safeParse(withBuildingsFile(raw, file));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `CAMPUS_CONFIG ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  if (!isPhoneCountry(parsed.data.phone.defaultCountry)) {
    throw new ConfigError(
      `Invalid configuration:\n  CAMPUS_CONFIG phone.defaultCountry: not a country the phone rule knows`,
    );
  }
  const backwards = parsed.data.holidays.findIndex((h) => h.through && h.through < h.date);
  if (backwards >= 0) {
    throw new ConfigError(
      `Invalid configuration:\n  CAMPUS_CONFIG holidays.${backwards}.through: before its date`,
    );
  }
  // An office calendar's address is a bearer secret: the refusal names its place, never the address.
  const unsafe = parsed.data.appointments.calendars.findIndex(
    (c) => !isSafeUrl(new URL(c.url)) || hasCredentials(c.url),
  );
  if (unsafe >= 0) {
    throw new ConfigError(
      `Invalid configuration:\n  CAMPUS_CONFIG appointments.calendars.${unsafe}.url: must be https (plain http only to a loopback host), without a user name or password`,
    );
  }
  const booking = parsed.data.academics.advisingBooking;
  if (booking !== undefined && !booking.includes(BOOKING_PLACEHOLDER)) {
    throw new ConfigError(
      `Invalid configuration:\n  CAMPUS_CONFIG academics.advisingBooking: names ${BOOKING_PLACEHOLDER}`,
    );
  }
  const { app } = parsed.data;
  // The logo's path is relative to the configuration file: the server reads it from there.
  const logo = app.logo === null ? null : path.resolve(path.dirname(file), app.logo);
  return { ...parsed.data, app: { ...app, logo } };
}

/**
 * Issue 89: `buildings` naming a CSV or GeoJSON file (relative to the configuration file) is the
 * list that file gives (config/buildings-file.ts), checked as a list written in place.
 */
function withBuildingsFile(raw: unknown, file: string): unknown {
  if (typeof raw !== 'object' || raw === null || !('buildings' in raw)) return raw;
  const { buildings } = raw;
  if (typeof buildings !== 'string') return raw;
  try {
    return { ...raw, buildings: readBuildingsFile(buildings, file) };
  } catch (err) {
    if (!(err instanceof BuildingsFileError)) throw err;
    throw new ConfigError(`Invalid configuration:\n  CAMPUS_CONFIG buildings: ${err.message}`);
  }
}

/** The safety number as shown, by the phone rule, unless the campus wrote its own label. */
function withPhoneLabel<C extends Campus>(campus: C): C {
  const { safety, phone } = campus;
  if (safety.phoneLabel) return campus;
  const label = formatPhoneNumber(safety.phone, phone.defaultCountry) || safety.phone;
  return { ...campus, safety: { ...safety, phoneLabel: label } };
}
