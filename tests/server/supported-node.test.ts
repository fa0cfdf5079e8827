import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unsupportedNodeMessage } from '../../server/supported-node';

/** The machine's own Node.js, when it is older than the supported lines (Node 20 on CI's machines). */
function olderMachineNode(): string | undefined {
  const found = spawnSync('/usr/bin/node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
  if (found.status !== 0) return undefined;
  return unsupportedNodeMessage(found.stdout.trim()) ? '/usr/bin/node' : undefined;
}

/** The entry points that open the store, and so would load the SQLite driver. */
const ENTRIES = ['server', 'store-backup', 'samples-cli', 'publishers-cli'];

describe('the server on an unsupported Node.js', () => {
  it('refuses a Node.js older than 22.19 in one line, and lets 22.19 and later and 24 start', () => {
    expect(unsupportedNodeMessage('v20.20.2')).toBe(
      'Campus Portal runs on Node.js 22 or 24 (22.19 or later); this is Node.js v20.20.2. Start it with `npm start` (which runs on the Node.js `npm install` brought) or install Node.js 22 or 24.',
    );
    expect(unsupportedNodeMessage('v18.0.0')).toContain('v18.0.0');
    expect(unsupportedNodeMessage('v21.7.3')).toBeDefined();
    expect(unsupportedNodeMessage('v22.18.0')).toBeDefined();
    expect(unsupportedNodeMessage('v22.19.0')).toBeUndefined();
    expect(unsupportedNodeMessage('v24.0.0')).toBeUndefined();
    expect(unsupportedNodeMessage('v24.21.0')).toBeUndefined();
  });

  const machineNode = olderMachineNode();
  /** Each entry point's one line and exit 1 (a segmentation fault would be a signal, or 139). */
  function expectRefusal(args: string[]) {
    const run = spawnSync(machineNode!, args, { encoding: 'utf8', timeout: 30_000 });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^Campus Portal runs on Node\.js 22 or 24 \(22\.19 or later\); this is Node\.js v\d+[^\n]*$/,
    );
    expect(run.stdout).toBe('');
  }

  it.skipIf(!machineNode)(
    'exits with the message before the SQLite driver loads, where it would end in a segmentation fault',
    () => {
      for (const entry of ENTRIES)
        expectRefusal(['--import', 'tsx', `server/${entry}.ts`, '--check']);
    },
    // Each entry may take its own spawn's 30 s (TypeScript compiled on a loaded machine): the test
    // waits for all of them.
    ENTRIES.length * 30_000,
  );

  // What `npm run build` leaves is what an operator starts with a bare `node dist/server/server.js`.
  const built = ENTRIES.every((entry) => existsSync(`dist/server/${entry}.js`));
  it.skipIf(!machineNode || !built)(
    'the built server and its commands refuse it in the same line',
    () => {
      for (const entry of ENTRIES) expectRefusal([`dist/server/${entry}.js`, '--check']);
    },
    ENTRIES.length * 30_000,
  );
});
