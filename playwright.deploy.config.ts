import { defineConfig } from '@playwright/test';
import { journeyLaunch } from './playwright.config.js';

/**
 * The reference deployment (deploy/): nginx with the committed site configuration and a self-signed
 * certificate in front of two processes started as the systemd unit starts them, on PostgreSQL and
 * Redis. e2e/deploy/deploy.spec.ts starts all of it; run after `npm run build`.
 */
export const DEPLOY_PORT = Number(process.env.DEPLOY_PORT ?? 18243);

export default defineConfig({
  testDir: 'e2e/deploy',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // A folder of its own: Playwright empties its output folder as it starts, and the journeys' list
  // of what passed only on a retry (test-results/flaky.json, e2e/flaky-reporter.ts) must outlive it.
  outputDir: 'test-results/deploy',
  use: {
    baseURL: `https://127.0.0.1:${DEPLOY_PORT}`,
    ignoreHTTPSErrors: true,
    browserName: 'chromium',
    launchOptions: journeyLaunch,
    trace: 'off',
  },
});
