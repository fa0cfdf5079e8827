import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4180);
const baseURL = `http://127.0.0.1:${port}`;

/** Debian's Chromium, never a downloaded browser; the flags keep it off the closed network. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  // The reference deployment has a configuration of its own: playwright.deploy.config.ts.
  testIgnore: 'deploy/**',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    trace: 'off',
  },
  webServer: {
    command: 'node dist/server/server.js',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-e2e-')),
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      // A prefix per run: user ids of one run's database must not meet another run's cached answers.
      REDIS_KEY_PREFIX: `portal-e2e:${randomBytes(6).toString('hex')}:`,
      // The journeys sign in far more often than 20 times a minute from one address.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    },
  },
});
