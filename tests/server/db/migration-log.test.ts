import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import { migrationsFor } from '../../../server/db/migrations/index.js';

describe('each migration a start applies is reported with its name and duration', () => {
  it('a fresh store reports every migration once, in order, with a duration; a store already up to date reports none', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
    try {
      const applied: { name: string; ms: number }[] = [];
      const first = await openDatabase({ dataDir, onMigration: (m) => applied.push(m) });
      await first.close();
      expect(applied.map((m) => m.name)).toEqual(Object.keys(migrationsFor('sqlite')).sort());
      expect(applied.every((m) => Number.isInteger(m.ms) && m.ms >= 0)).toBe(true);

      const again: { name: string; ms: number }[] = [];
      const second = await openDatabase({ dataDir, onMigration: (m) => again.push(m) });
      await second.close();
      expect(again).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
