import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

  it("loads the functions' own entry points, not date-fns's index (299 files), in a fresh process", () => {
    // A process of its own: this one's module cache holds whatever other tests loaded.
    const script = `
      import { createRequire } from 'node:module';
      const { formatInTimeZone } = await import(${JSON.stringify(pathToFileURL('server/date-fns.ts').href)});
      const files = Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes('date-fns'));
      const zone = formatInTimeZone(new Date('2026-07-01T12:00:00Z'), 'America/Los_Angeles', 'zzz');
      console.log(JSON.stringify({ files: files.length, index: files.some((f) => /date-fns[\\/]index\\.c?js$/.test(f)), zone }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.stderr).not.toMatch(/Error/);
    const loaded = JSON.parse(run.stdout) as { files: number; index: boolean; zone: string };
    expect(loaded.index).toBe(false);
    expect(loaded.files).toBeLessThan(80);
    expect(loaded.zone).toBe('PDT');
  });
});
