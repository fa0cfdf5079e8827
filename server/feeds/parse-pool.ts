import { Piscina } from 'piscina';
import type { ParseOutcome, ParseTask } from './parse-task.js';

/** A parse that takes longer is abandoned (its thread is ended) and the feed refused. */
export const PARSE_TIMEOUT_MS = 30_000;

/**
 * Heap of the parse thread. A feed whose parse needs more ends the thread (the pool starts another)
 * and is refused; the server's own heap is never at stake.
 */
const PARSE_HEAP_MB = 512;

// Run from TypeScript source (tests, `npm run dev`), the thread needs tsx to load its module too.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? './parse-worker.ts' : './parse-worker.js', import.meta.url);

let pool: Piscina<ParseTask, ParseOutcome> | null = null;

/**
 * One parse thread for the whole process (the machine's cores serve requests first), started on
 * the first feed and ended after a minute without one. Feeds wait their turn for it.
 */
function parsePool(): Piscina<ParseTask, ParseOutcome> {
  pool ??= new Piscina<ParseTask, ParseOutcome>({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  });
  return pool;
}

/**
 * Parses a feed document off the request path. What comes back crossed a thread boundary: it is
 * `unknown` here and checked with its schema by the caller.
 */
export async function parseOffThread(task: ParseTask): Promise<unknown> {
  return parsePool().run(task, { signal: AbortSignal.timeout(PARSE_TIMEOUT_MS) });
}
