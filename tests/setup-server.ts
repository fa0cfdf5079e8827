import { afterAll, vi } from 'vitest';

// The server's files share their worker's modules and globals (vitest.config.ts, `isolate: false`).
// Vitest restores spies after each file; what else a file may leave behind (stubbed variables and
// globals, fake timers) is put back here, as if the file had had a process of its own.
afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
