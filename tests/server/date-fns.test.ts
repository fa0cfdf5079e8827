import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatInTimeZone, fromZonedTime } from '../../server/date-fns.js';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });

describe('date-fns on the server', () => {
  it('is imported only through server/date-fns.ts, which loads it as CommonJS (its ES modules cost Node 24 seconds and hundreds of MB at start-up)', () => {
    const importing = sources('server').filter(
      (file) =>
        file !== path.join('server', 'date-fns.ts') &&
        /from 'date-fns(-tz)?(\/[^']*)?'/.test(readFileSync(file, 'utf8')),
    );
    expect(importing).toEqual([]);
  });

  it('converts between an instant and the campus wall clock, zone name included', () => {
    const instant = fromZonedTime('2026-11-25T09:30:00', 'America/Los_Angeles');
    expect(instant.toISOString()).toBe('2026-11-25T17:30:00.000Z');
    expect(formatInTimeZone(instant, 'America/Los_Angeles', 'yyyy-MM-dd HH:mm zzz')).toBe(
      '2026-11-25 09:30 PST',
    );
  });
});
