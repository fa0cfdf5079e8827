import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { commandFor, UNIT, unitEnvironment } from '../../e2e/deploy/portal.js';

const unit = readFileSync(UNIT, 'utf8');

describe('the systemd unit (deploy/systemd/campus-portal@.service) runs the Node.js the install chose', () => {
  it('names the Node.js in one place, Environment=NODE=, which ExecStart uses and nothing hard-codes', () => {
    expect([...unit.matchAll(/^Environment=NODE=/gm)]).toHaveLength(1);
    expect(unitEnvironment(unit).NODE).toBe('/opt/campus-portal/node_modules/.bin/node');
    expect(unit).toMatch(/^ExecStart=.* \$\{NODE\} dist\/server\/server\.js$/m);
    expect(unit).not.toMatch(/^[^#].*\/usr\/bin\/node/m);
  });

  it('resolved as systemd does in this checkout, runs a supported Node.js (22 or 24) through the install’s node_modules/.bin/node', () => {
    const [env, port, node] = commandFor(8081);
    expect(env).toBe('/usr/bin/env');
    expect(port).toBe('PORT=8081');
    expect(node).toBe(`${process.cwd()}/node_modules/.bin/node`);
    const version = spawnSync(node ?? '', ['-p', 'process.versions.node'], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(version.status).toBe(0);
    expect(Number(version.stdout.split('.')[0])).toBeGreaterThanOrEqual(22);
  });

  it('runs the server with the V8 flags npm start passes (scripts/server-flags.mjs)', () => {
    expect(unitEnvironment(unit).NODE_OPTIONS).toBe(SERVER_NODE_FLAGS.join(' '));
  });

  it('keeps Node.js compiled code between starts in a cache folder systemd makes writable for it', () => {
    expect(unitEnvironment(unit).NODE_COMPILE_CACHE).toBe('/var/cache/campus-portal/compile');
    expect(unit).toMatch(/^CacheDirectory=campus-portal$/m);
  });
});
