import { availableParallelism } from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import {
  linguiPreset,
  shortCatalogueIds,
  sourceShortIds,
} from './scripts/lingui-english-inline.js';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './scripts/vitest-sequencer.js';

process.env.LINGUI_SUPPRESS_BABEL_WARNING ??= '1';

/** The apps' message ids, shortened as the build does (scripts/lingui-english-inline.ts). */
const messageIds = sourceShortIds();

const browserLike = [
  'tests/ui/**/*.test.{ts,tsx}',
  'tests/pages/**/*.test.{ts,tsx}',
  'tests/routes/**/*.test.{ts,tsx}',
];

/**
 * The presentational components' files (src/ui: props in, callbacks out; no router, loader or kept
 * answers of their own): their worker's files share one jsdom and its modules. The pages' and
 * routes' files keep a window and modules each: their routers, loaders and kept answers live in
 * modules, and a file must not find another's (shared, 10 of their files failed).
 */
const sharedWindow = ['tests/ui/**/*.test.{ts,tsx}'];

/**
 * Files that disturb the stores every file shares: the connection-loss suite ends the portal's
 * PostgreSQL connections (every file's, by application name) and restarts PostgreSQL itself.
 */
const disturbsSharedStores = ['tests/server/db/connection-loss.test.ts'];

/**
 * The server's suites. Each file builds the apps it needs and closes them (the server is made to
 * build many apps in one process: a file builds one per test), so the files of a worker share its
 * modules (`isolate: false`) instead of each importing the whole server again in a process of its
 * own: that import was a quarter of the run's summed file time (2.5 s a file on two cores).
 */
const serverSuites = ['tests/server/**/*.test.{ts,tsx}'];

/**
 * A test's and a hook's time limits: they catch a test that hangs, they measure nothing (speed is
 * the benchmarks'). A file's first app or first render can take 20 s on a two-core machine that
 * runs four files at once while another Node.js line installs in the background (CI), so the
 * limits leave three times that; a test that needs more says so itself.
 */
const TEST_TIMEOUT_MS = 60_000;
const HOOK_TIMEOUT_MS = 90_000;

export default defineConfig({
  plugins: [
    react(),
    babel({ presets: [linguiPreset(messageIds)] }),
    lingui(),
    shortCatalogueIds(messageIds),
  ],
  test: {
    // The server loads its plugins and routes by folder: autoload's imports go through Vitest's own
    // module loader (TypeScript, the tests' module instances), not Node's.
    server: { deps: { inline: ['@fastify/autoload'] } },
    // What a passing test prints (expected errors, logs of failures it provokes) is kept out of the
    // log; a failing test's output is shown whole, so the log shows only what is new.
    silent: 'passed-only',
    // After the run, the slowest files (scripts/vitest-slowest.ts), so a slow suite shows in CI's log.
    reporters: ['default', './scripts/vitest-slowest.ts', './scripts/vitest-failures.ts'],
    // The slowest files first (scripts/vitest-sequencer.ts), whatever their size.
    sequence: { sequencer: SlowFirstSequencer },
    // At least four files at once (four on two cores). Vitest's own default is one less than
    // the cores, one on a two-core machine, where the suite mostly waits on its stores, servers and
    // timers: two at once ran all 362 files in 5.2 min against 17, and a whole run with two kept the
    // two cores 53% busy (641 s of CPU in 605 s; docs/development.md), so four wait side by side.
    // Each file's store is its own (in-memory SQLite or a PostgreSQL schema; Redis keys under a
    // prefix of its own) and nothing listens on a fixed port.
    maxWorkers: Math.max(4, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: browserLike,
          exclude: sharedWindow,
          setupFiles: ['tests/setup-dom.ts'],
          // As the node project: a busy machine must not turn a slow render into a failure.
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: HOOK_TIMEOUT_MS,
        },
      },
      {
        // A worker's component files share its jsdom and its modules (`isolate: false`) instead of
        // each setting up a window and importing React and the app's modules again: most of their
        // time (docs/development.md). What a file leaves in the window is put back when it ends
        // (tests/setup-shared-dom.ts).
        extends: true,
        test: {
          name: 'dom-shared',
          environment: 'jsdom',
          include: sharedWindow,
          isolate: false,
          setupFiles: ['tests/setup-dom.ts', 'tests/setup-shared-dom.ts'],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: HOOK_TIMEOUT_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...browserLike, ...serverSuites, ...disturbsSharedStores],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: HOOK_TIMEOUT_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: serverSuites,
          exclude: disturbsSharedStores,
          isolate: false,
          // What a file leaves stubbed or faked is put back when it ends (tests/setup-server.ts).
          setupFiles: ['tests/setup-server.ts'],
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: HOOK_TIMEOUT_MS,
        },
      },
      {
        // Runs once every other file is done (a later group order), so the PostgreSQL it restarts
        // and the connections it ends are no other file's.
        extends: true,
        test: {
          name: 'alone',
          environment: 'node',
          include: disturbsSharedStores,
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: HOOK_TIMEOUT_MS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
