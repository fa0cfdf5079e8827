/**
 * A read started before its reader exists — by a route's loader as the router loads the route, or
 * by the first of two readers of one address — which its reader takes once: a retry, or a page shown
 * again from the router's cache, reads anew.
 */
export interface EarlyRead<T> {
  at: number;
  answer: Promise<T>;
  /** Its reader took it. */
  taken: boolean;
}

/**
 * A read started longer ago than this is not taken: its reader came too late and reads anew. The
 * dashboard's blocks mount only once its top has answered (or the reveal's patience ran out), seconds
 * after the loader on a slow phone.
 */
export const EARLY_READ_MS = 10_000;

export function startEarlyRead<T>(answer: Promise<T>, at = Date.now()): EarlyRead<T> {
  // Its failure is the reader's to show when it takes the read, not an unhandled rejection here.
  answer.catch(() => {});
  return { at, answer, taken: false };
}

/** The read's answer, once, if it is recent enough; null otherwise (the caller reads anew). */
export function takeEarlyRead<T>(
  read: EarlyRead<T> | null | undefined,
  now = Date.now(),
): Promise<T> | null {
  if (!read || read.taken || now - read.at >= EARLY_READ_MS) return null;
  read.taken = true;
  return read.answer;
}

/**
 * One read two readers of the first load ask for (the banner's hold line, which lives as long as the
 * portal, and the dashboard's hold summary): the first to ask starts it and the second takes that
 * answer once, within EARLY_READ_MS; every later ask reads anew.
 */
export function sharedFirstRead<T>(read: () => Promise<T>): () => Promise<T> {
  let first: EarlyRead<T> | null = null;
  return () => {
    const taken = takeEarlyRead(first);
    if (taken) return taken;
    const answer = read();
    first ??= startEarlyRead(answer);
    return answer;
  };
}
