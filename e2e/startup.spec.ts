import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './server.js';

test('NODE_ENV=production with neither OIDC nor DEMO_SIGN_IN=1 exits non-zero with a clear message', () => {
  const result = spawnSync(process.execPath, ['dist/server/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: '4196',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-startup-')),
    },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(
    'Refusing to start: NODE_ENV=production leaves no sign-in method.',
  );
  expect(result.stderr).toContain('OIDC_ISSUER');
  expect(result.stderr).toContain('DEMO_SIGN_IN=1');
  expect(result.stdout).not.toContain('is serving');
});
