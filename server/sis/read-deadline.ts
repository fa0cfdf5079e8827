import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One SIS read's limits (issue 71): ONE deadline, `SIS_TIMEOUT_MS`, over everything the read does —
 * its requests, their retries, Retry-After waits and pages — and the pages it has read, counted
 * against a budget. An adapter's `read` runs inside `withinRead`; what it calls down to (the Ethos
 * client's lists and gets, shared code tables included) takes the read's limits from `readLimits`,
 * so a read of several lists cannot add their time limits up.
 */
export interface ReadLimits {
  /** Ends (as a timeout) when the read's time is up: handed to every request. */
  readonly signal: AbortSignal;
  /** The read's whole time, for its error message. */
  readonly timeoutMs: number;
  /** Milliseconds left before the deadline (0 once past). */
  left(): number;
  /** Pages read so far by this read (Ethos lists). */
  pages: number;
}

const current = new AsyncLocalStorage<ReadLimits>();

/** Limits starting now: the deadline's signal made once, here. */
export function startRead(timeoutMs: number): ReadLimits {
  const ends = performance.now() + timeoutMs;
  return {
    signal: AbortSignal.timeout(timeoutMs),
    timeoutMs,
    left: () => Math.max(0, Math.floor(ends - performance.now())),
    pages: 0,
  };
}

/** Runs one read under its limits; a read inside another (a shared lookup) keeps the outer ones. */
export function withinRead<T>(timeoutMs: number, work: (limits: ReadLimits) => Promise<T>) {
  const outer = current.getStore();
  if (outer) return work(outer);
  const limits = startRead(timeoutMs);
  return current.run(limits, () => work(limits));
}

/** The limits of the read under way, or new ones for a call outside any read (change notifications). */
export const readLimits = (timeoutMs: number): ReadLimits =>
  current.getStore() ?? startRead(timeoutMs);
