import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const unit = readFileSync('deploy/systemd/campus-portal@.service', 'utf8');
const start = readFileSync('scripts/start.mjs', 'utf8');

describe('the server process flags', () => {
  it('the systemd unit starts the server with the same Node flags as npm start', () => {
    const execStart = /^ExecStart=.*$/m.exec(unit)?.[0] ?? '';
    expect(execStart).toContain(
      `/usr/bin/node ${SERVER_NODE_FLAGS.join(' ')} dist/server/server.js`,
    );
  });

  it('npm start passes the flags before the server script', () => {
    expect(start).toMatch(/\[\.\.\.SERVER_NODE_FLAGS, 'dist\/server\/server\.js'/);
    expect(SERVER_NODE_FLAGS).toContain('--optimize-for-size');
  });
});
