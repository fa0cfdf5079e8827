import { describe, expect, it } from 'vitest';
import { LAYERS, layerOf, layerProblems } from '../../scripts/server-layers.js';

const layer = (name: string) => LAYERS.findIndex((l) => l.name.startsWith(name));

describe("the server's layers", () => {
  it('places a file by its folder, and a file named alone, and no file of an unknown folder', () => {
    expect(layerOf('server/db/repositories/users.repository.ts')).toBe(layer('the store'));
    expect(layerOf('server/time.ts')).toBe(layer('foundation'));
    expect(layerOf('server/app.ts')).toBe(layer('processes'));
    expect(layerOf('server/dbx/thing.ts')).toBe(-1);
    expect(layerOf('server/databases.ts')).toBe(-1);
  });

  it("places a variant's settings half in the foundation and the rest of its folder in its domain", () => {
    expect(layerOf('server/sis/adapters/ethos/settings.ts')).toBe(layer('foundation'));
    expect(layerOf('server/sis/adapters/settings.ts')).toBe(layer('foundation'));
    expect(layerOf('server/sis/adapters/ethos/module.ts')).toBe(layer('domains'));
    expect(layerOf('server/sis/adapters/ethos/deeper/settings.ts')).toBe(layer('domains'));
  });

  it('refuses an import up from the store to a domain, and a file in no layer', () => {
    const problems = layerProblems(
      [
        { from: 'server/db/database.ts', to: 'server/notify/lanes.ts' },
        { from: 'server/notify/lanes.ts', to: 'server/db/database.ts' },
        { from: 'server/notify/lanes.ts', to: 'server/sis/endpoints.ts' },
      ],
      ['server/db/database.ts', 'server/notify/lanes.ts', 'server/newfolder/x.ts'],
      [],
    );
    expect(problems).toEqual([
      'server/newfolder/x.ts: in no layer (add its folder to LAYERS in scripts/server-layers.ts)',
      'server/db/database.ts → server/notify/lanes.ts: an import up from the store to domains',
    ]);
  });

  it('lets an owed upward import stand, and says when an owed one is gone', () => {
    const owed = [
      'server/db/database.ts → server/notify/lanes.ts',
      'server/db/a.ts → server/sis/b.ts',
    ];
    expect(
      layerProblems([{ from: 'server/db/database.ts', to: 'server/notify/lanes.ts' }], [], owed),
    ).toEqual([
      'server/db/a.ts → server/sis/b.ts: gone; take it off OWED in scripts/server-layers.ts',
    ]);
  });
});
