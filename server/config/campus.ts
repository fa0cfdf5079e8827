import { readFileSync } from 'node:fs';
import { campusSchema, defaultCampus } from '../../contract/campus.schema.js';
import type { Campus } from '../../contract/campus.schema.js';
import { formatPhoneNumber, isPhoneCountry } from '../../contract/phone.rules.js';
import { ConfigError } from './env.js';

/** Reads and checks the `CAMPUS_CONFIG` JSON file; unset means the placeholder defaults. */
export function readCampusConfig(file: string | undefined): Campus {
  if (!file) return withPhoneLabel(defaultCampus);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ConfigError(
      `Invalid configuration:\n  CAMPUS_CONFIG: cannot read ${file}: ${reason}`,
    );
  }
  const parsed = campusSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `CAMPUS_CONFIG ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  if (!isPhoneCountry(parsed.data.phone.defaultCountry)) {
    throw new ConfigError(
      `Invalid configuration:\n  CAMPUS_CONFIG phone.defaultCountry: not a country the phone rule knows`,
    );
  }
  return withPhoneLabel(parsed.data);
}

/** The safety number as shown, by the phone rule, unless the campus wrote its own label. */
function withPhoneLabel(campus: Campus): Campus {
  const { safety, phone } = campus;
  if (safety.phoneLabel) return campus;
  const label = formatPhoneNumber(safety.phone, phone.defaultCountry) || safety.phone;
  return { ...campus, safety: { ...safety, phoneLabel: label } };
}
