import { zoneAbbreviation, zoneOffsetMinutes } from '../time.js';

const DAY_MS = 86_400_000;

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/** The wall clock of an instant at a fixed offset, in iCalendar's basic form. */
const localBasic = (instant: number, offsetMinutes: number) =>
  new Date(instant + offsetMinutes * 60_000).toISOString().replace(/[-:]/g, '').slice(0, 15);

/** The first minute at which the offset differs from the one at `low` (known to differ at `high`). */
function transitionBetween(low: number, high: number, zone: string): number {
  const before = zoneOffsetMinutes(new Date(low), zone);
  while (high - low > 60_000) {
    const mid = low + Math.floor((high - low) / 120_000) * 60_000;
    if (zoneOffsetMinutes(new Date(mid), zone) === before) low = mid;
    else high = mid;
  }
  return high;
}

function observance(at: number, from: number, to: number, zone: string): string {
  const kind = to > from ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localBasic(at, from)}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    `TZNAME:${zoneAbbreviation(new Date(at), zone)}`,
    `END:${kind}`,
  ].join('\r\n');
}

const made = new Map<string, string>();

/**
 * The VTIMEZONE of an IANA zone for the years `fromYear` to `toYear`, from the platform's own
 * time-zone database (so it follows the installed tz data): one observance at the start of the
 * range and one per offset change within it, each with its exact local start.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string {
  const key = `${zone}:${fromYear}:${toYear}`;
  const known = made.get(key);
  if (known) return known;
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const first = zoneOffsetMinutes(new Date(start), zone);
  const parts = [observance(start, first, first, zone)];
  for (let day = start; day < end; day += DAY_MS) {
    const from = zoneOffsetMinutes(new Date(day), zone);
    const to = zoneOffsetMinutes(new Date(day + DAY_MS), zone);
    if (from === to) continue;
    parts.push(observance(transitionBetween(day, day + DAY_MS, zone), from, to, zone));
  }
  const text = ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...parts, 'END:VTIMEZONE'].join('\r\n');
  made.set(key, text);
  return text;
}
