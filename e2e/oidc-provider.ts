import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_CLIENT, startTestProvider } from '../tests/server/helpers/oidc-provider.js';
import type { TestProvider } from '../tests/server/helpers/oidc-provider.js';

/** The second portal of the OpenID journey, and the provider it signs in with, both on loopback. */
export const PORTAL = 'http://127.0.0.1:4196';
export const ISSUER = 'http://127.0.0.1:4197';

export function startProvider(): Promise<TestProvider> {
  return startTestProvider({
    port: Number(new URL(ISSUER).port),
    redirectUri: `${PORTAL}/auth/callback`,
    postLogoutRedirectUri: `${PORTAL}/`,
  });
}

export interface RunningPortal {
  stop: () => Promise<void>;
  output: () => string;
}

/** The built server (`node dist/server/server.js`) pointed at the provider, on a fresh SQLite store. */
export async function startPortal(): Promise<RunningPortal> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: new URL(PORTAL).port,
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-oidc-e2e-')),
      OIDC_ISSUER: ISSUER,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_REDIRECT_URI: `${PORTAL}/auth/callback`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`The portal exited: ${output}`);
    const ready = await fetch(`${PORTAL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { stop, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The portal did not become ready: ${output}`);
}
