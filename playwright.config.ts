import { defineConfig } from '@playwright/test';

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
  // Two at once: the checker sweep (every page, persona, width and theme through axe and
  // HTML_CodeSniffer: about ten minutes, and no timing in it) beside the journeys, which run one at
  // a time as they always have.
  workers: 2,
  projects: [
    { name: 'journeys', testIgnore: ['deploy/**', 'checkers.spec.ts'], workers: 1 },
    { name: 'checkers', testMatch: 'checkers.spec.ts', workers: 1 },
  ],
  // Every file has a server and a store of its own (e2e/server.ts), so a journey can be tried again
  // as it first ran: once in CI, where a slow machine may miss a timing; Playwright reports it flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    trace: 'off',
  },
});
