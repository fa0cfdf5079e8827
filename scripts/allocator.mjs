// The memory allocator the server runs with (docs/operations.md, Memory). glibc's malloc keeps
// what image decoding freed: 15 s after six parallel 38-megapixel uploads a process kept 184 MB
// with it, 80 MB with MALLOC_ARENA_MAX=2 and none with jemalloc (bench/results/images.json), which
// is what sharp's documentation recommends. LD_PRELOAD works only when set before the process starts,
// so the launchers (scripts/start.mjs; the systemd unit sets the same) apply it.
import { existsSync } from 'node:fs';

/** Where Debian, Ubuntu, Fedora and Alpine install jemalloc's shared library. */
const JEMALLOC = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
];

/**
 * The environment for the server: jemalloc preloaded when installed, else glibc with two arenas.
 * Whatever the operator already set (LD_PRELOAD, even empty; MALLOC_ARENA_MAX) is kept.
 */
export function allocatorEnv(env = process.env) {
  if (process.platform !== 'linux' || env.LD_PRELOAD !== undefined) return env;
  const jemalloc = JEMALLOC.find((file) => existsSync(file));
  if (jemalloc) return { ...env, LD_PRELOAD: jemalloc };
  return { MALLOC_ARENA_MAX: '2', ...env };
}
