import { Piscina } from 'piscina';
import { SamlRefusedError } from './saml-request.js';
import type { SamlOutcome, SamlTask } from './saml-task.js';

/**
 * How long one message's checks may take on the SAML thread. A real response takes a few
 * milliseconds; one past this is refused and its thread ended (the pool starts another).
 */
export const SAML_WORK_MS = 5_000;
/**
 * A thread's start (loading node-saml and its XML libraries: a second or two, more on a busy host)
 * is not the message's work: a message that has to wait for it gets this much more time.
 */
const THREAD_START_MS = 30_000;
/** An idle thread ends after this long (its memory given back); the next message starts another. */
const IDLE_MS = 10 * 60_000;
/** Messages waiting for the thread; past this a message is refused at once (the IdP retries). */
const SAML_QUEUE = 16;
/** Heap of the SAML thread: a document that needs more ends the thread, never the server's heap. */
const SAML_HEAP_MB = 128;

const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? './saml-worker.ts' : './saml-worker.js', import.meta.url);

let pool: Piscina<SamlTask, SamlOutcome> | null = null;
/** Whether the thread has started and answered (so a message waits for no start). */
let started = false;

/** One thread for the process, started at load (warmSamlThread) and ended after IDLE_MS idle. */
function samlPool(): Piscina<SamlTask, SamlOutcome> {
  pool ??= new Piscina<SamlTask, SamlOutcome>({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: 1,
    maxQueue: SAML_QUEUE,
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: SAML_HEAP_MB },
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  });
  return pool;
}

/**
 * Checks a bounded, shaped message on the SAML thread. A full queue, a thread out of time or out
 * of memory refuses the message ('busy', 'timeout'), never the server.
 */
export async function checkOffThread(task: SamlTask): Promise<SamlOutcome> {
  const threads = samlPool();
  if (threads.queueSize >= SAML_QUEUE) {
    throw new SamlRefusedError('busy', 'too many SAML messages are waiting');
  }
  const cold = !started || threads.threads.length === 0;
  try {
    const outcome = await threads.run(task, {
      signal: AbortSignal.timeout(cold ? SAML_WORK_MS + THREAD_START_MS : SAML_WORK_MS),
    });
    started = true;
    return outcome;
  } catch (err) {
    started = false;
    const timedOut = err instanceof Error && /abort|timeout/i.test(`${err.name} ${err.message}`);
    throw new SamlRefusedError(
      timedOut ? 'timeout' : 'busy',
      err instanceof Error ? err.message : String(err),
      { cause: err },
    );
  }
}

/** Starts the thread ahead of the first message (at the server's start with SAML configured). */
export function warmSamlThread(): void {
  samlPool()
    .run({ kind: 'warm' })
    .then(
      () => (started = true),
      () => undefined,
    );
}
