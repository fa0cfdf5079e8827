/**
 * What a delegate's answer never carries (issue 73): "no student number, birth date or address unless
 * a granted category shows it", and no granted category shows any of them. The reads a category
 * opens serve the student's own screens too, so some carry them (the holds' `STUDENTID`); a
 * delegate's copy of every JSON answer loses each property so named, at any depth.
 */
const PERSONAL_KEY =
  /^(?:student_?id|student_?number|spriden_id|pidm|ssn|dob|.*birth.*|street_line_?\d+|zip|zip_?code|postal_?code|(?!.*email).*address.*)$/i;

/** Whether a property names the student's number, birth date or address. */
const isPersonalKey = (key: string): boolean => PERSONAL_KEY.test(key);

/**
 * Properties that describe the campus, not the student, kept whole: a class's building and its
 * public street address (`PLACE`, server/sis/places.ts), which the schedule's contract requires.
 */
export const CAMPUS_KEYS: ReadonlySet<string> = new Set(['PLACE']);

function strip(value: unknown): { value: unknown; changed: boolean } {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const out = strip(item);
      changed ||= out.changed;
      return out.value;
    });
    return { value: items, changed };
  }
  if (value === null || typeof value !== 'object') return { value, changed: false };
  let changed = false;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isPersonalKey(key)) {
      changed = true;
      continue;
    }
    if (CAMPUS_KEYS.has(key)) {
      kept[key] = item;
      continue;
    }
    const out = strip(item);
    changed ||= out.changed;
    kept[key] = out.value;
  }
  return { value: kept, changed };
}

/** A JSON answer without the student's number, birth date or address; as given when none is in it. */
export function withoutPersonalData(json: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  const out = strip(parsed);
  return out.changed ? JSON.stringify(out.value) : json;
}
