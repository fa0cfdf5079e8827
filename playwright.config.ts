import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** The flags that keep the browser off the closed network. */
const quiet = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Debian's Chromium, never a downloaded browser: the whole browser, for what measures or needs it
 * (the benchmarks, Chromium's installability check).
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: quiet,
};

/**
 * The journeys' browser: Debian's headless shell of the same Chromium build (the package
 * `chromium-headless-shell`, Chromium's old headless mode) where it is installed, else the whole
 * browser. It draws no browser window around the page: three journey files ran in 0.76 of the
 * whole browser's time on two cores (145 s against 192 s), all passing. CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const journeyLaunch = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: quiet,
};

export default defineConfig({
  testDir: 'e2e',
  // The reference deployment has a configuration of its own: playwright.deploy.config.ts.
  testIgnore: 'deploy/**',
  // Every file's store is a copy of the one the run's first server start migrated and seeded.
  globalSetup: './e2e/store-template.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two at once. The checker sweep (every page, persona, width and theme through axe and
  // HTML_CodeSniffer, twelve independent tests of a persona at a width) is listed first and runs
  // fullyParallel, so both workers share it at the start; then both take the journeys, one file
  // after another. Every journey file has a server, store and ports of its own (each worker starts
  // its own server for the sweep's file).
  workers: 2,
  projects: [
    { name: 'checkers', testMatch: 'checkers.spec.ts', fullyParallel: true },
    { name: 'journeys', testIgnore: ['deploy/**', 'checkers.spec.ts'] },
  ],
  // Every file has a server and a store of its own (e2e/server.ts), so a journey can be tried again
  // as it first ran: once in CI, where a slow machine may miss a timing; Playwright reports it flaky.
  retries: process.env.CI ? 1 : 0,
  // The list, and at the end the journeys that passed only on a retry (e2e/flaky-reporter.ts).
  reporter: [['list'], ['./e2e/flaky-reporter.ts']],
  use: {
    browserName: 'chromium',
    launchOptions: journeyLaunch,
    trace: 'off',
  },
});
