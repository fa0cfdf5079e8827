import type { Page } from '../../../../contract/content.schema.js';
import { fetchPage } from '../../../api/content.js';
import { readAhead } from '../../../api/client.js';
import type { Http } from '../../../api/client.js';

/**
 * The dashboard's content read, started by its route's loader as the router loads the route (after
 * the guard, or on the intent to follow a link to it), so its answer is under way while the page
 * renders. It reaches the container as the route's loader data.
 */
export interface EarlyRead {
  at: number;
  answer: Promise<Page | null>;
  /** The container took it: a retry, or the page shown again from the router's cache, reads anew. */
  taken: boolean;
}

/** A read started longer ago than this is not taken: the page did not render in time. */
export const EARLY_READ_MS = 5_000;

/**
 * What the dashboard's blocks read when they mount (What's New, the alerts, the event calendar; a
 * student's card, hold line, Today's Classes' term and My Next Steps), started with the early read
 * instead of after the reveal (client.ts readAhead): one wave of answers, not three.
 */
const BLOCK_READS = [
  'posts?post_type=blog',
  'integrations/rave-messages',
  'integrations/pdx/events',
];
const STUDENT_READS = ['holds', 'standing', 'curriculum-info', 'current-term']
  .map((read) => `integrations/finti/${read}`)
  .concat('integrations/mynextsteps/tasks');

export function startEarlyRead(
  http: Http,
  path: string,
  at = Date.now(),
  student = false,
): EarlyRead {
  readAhead(http, student ? BLOCK_READS.concat(STUDENT_READS) : BLOCK_READS);
  const answer = fetchPage(http, path);
  // Its failure is the page's to show when it takes the read, not an unhandled rejection here.
  answer.catch(() => {});
  return { at, answer, taken: false };
}

/** The read's answer, once, if it is recent enough; null otherwise (the caller reads anew). */
export function takeEarlyRead(
  read: EarlyRead | null,
  now = Date.now(),
): Promise<Page | null> | null {
  if (!read || read.taken || now - read.at >= EARLY_READ_MS) return null;
  read.taken = true;
  return read.answer;
}
