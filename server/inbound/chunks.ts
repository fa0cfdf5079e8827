import { yieldToLoop } from '../notify/open-deadlines.js';

/**
 * 10 people a turn: bench:inbound measured other requests' median 6.8× slower at 100 a turn while
 * 10,001 were planned (each waits for the turn in progress), 1.4–2.0× at 25 and 1.1–1.3× at 10 on a
 * quiet machine, the call 2.0–2.3 s; see bench/README.md for the figures.
 */
const CHUNK = 10;

/**
 * Works through people a chunk at a time, yielding to the event loop between chunks: on SQLite every
 * statement runs synchronously, and 10,000 people's rows written in one turn held up every other
 * request for the whole call.
 */
export async function inChunks(
  ids: readonly number[],
  work: (chunk: number[]) => Promise<unknown>,
) {
  for (let i = 0; i < ids.length; i += CHUNK) {
    await work(ids.slice(i, i + CHUNK));
    await yieldToLoop();
  }
}
