import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { CourseworkSource } from '../../contract/coursework.schema.js';
import type { SecretBox } from '../auth/secret-box.js';
import { english } from '../i18n/said.js';
import type { Said } from '../i18n/said.js';
import { isPublicAddress } from '../net/public-address.js';

/**
 * The one rule of which LMS calendar addresses the server reads (issue 45): the address is any
 * signed-in student's word, and the server then fetches it, so it must be `https`, on a host the
 * campus configuration names (`lms.calendarHosts`), and lead to a public address — unless the entry
 * is itself a loopback or private address literal or `localhost` (a campus LMS on this machine, a
 * test's server): then exactly that is reached. The check is made at every reading, and the
 * connection goes to the one address checked (DNS rebinding cannot move it).
 */

export interface ReachableFeed {
  ok: true;
  url: URL;
  /** The host name TLS checks the certificate against (IPv6 without brackets). */
  hostname: string;
  /** The one address checked, the only one the connection may use. */
  address: string;
  family: 4 | 6;
}

export interface RefusedFeed {
  ok: false;
  /** Why, in words the student can act on, in English (logs). */
  reason: string;
  /** The same sentence, said as the 400's `detail` in the reader's language (issue 76). */
  said: Said;
  /** The name did not resolve this time: worth another try later. */
  transient: boolean;
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

const refused = (said: Said, transient = false): RefusedFeed => ({
  ok: false,
  reason: english(said),
  said,
  transient,
});

const notFound = (host: string): Said => {
  return /*i18n*/ {
    id: 'coursework.refused.not-found',
    message: 'The course site {host} could not be found.',
    values: { host },
  };
};

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** Whether `entry` (a configured host or host:port) names the URL's host and port. */
function names(entry: string, host: string, port: number): boolean {
  const at = entry.lastIndexOf(':');
  if (at === -1) return entry === host && port === 443;
  return entry.slice(0, at) === host && Number(entry.slice(at + 1)) === port;
}

/** A host that is named as itself, not through DNS: an address literal or `localhost`. */
const isLiteral = (host: string) => isIP(host) !== 0 || host === 'localhost';

/** Decides whether `address` may be read, without saying anything of the address itself. */
export async function checkFeedAddress(
  address: string,
  hosts: readonly string[],
  resolve: Resolver = systemResolver,
): Promise<ReachableFeed | RefusedFeed> {
  const url = URL.parse(address);
  if (!url)
    return refused(
      /*i18n*/ {
        id: 'coursework.refused.not-an-address',
        message: 'That is not a web address. Copy the whole calendar feed address.',
      },
    );
  if (url.protocol !== 'https:') {
    return refused(
      /*i18n*/ {
        id: 'coursework.refused.not-https',
        message: 'The calendar feed address must start with https://.',
      },
    );
  }
  if (url.username || url.password) {
    return refused(
      /*i18n*/ {
        id: 'coursework.refused.credentials',
        message: 'The calendar feed address must not contain a user name or password.',
      },
    );
  }
  const host = hostOf(url);
  const port = Number(url.port || 443);
  if (hosts.length === 0) {
    return refused(
      /*i18n*/ {
        id: 'coursework.refused.no-sites',
        message:
          'This portal reads no course calendars yet: the university has not named its course sites. Ask the IT service desk.',
      },
    );
  }
  if (!hosts.some((entry) => names(entry, host, port))) {
    // The student learns which sites are read (public names of the campus's LMS, never a secret).
    const shown = hosts.slice(0, 5).join(', ');
    return refused(
      hosts.length === 1
        ? /*i18n*/ {
            id: 'coursework.refused.other-site',
            message:
              '{host} is not a course site this portal reads. Use the calendar feed address of {shown}.',
            values: { host: url.host, shown },
          }
        : /*i18n*/ {
            id: 'coursework.refused.other-sites',
            message:
              '{host} is not a course site this portal reads. Use the calendar feed address of one of {shown}.',
            values: { host: url.host, shown },
          },
    );
  }
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await resolve(host);
  } catch {
    return refused(notFound(url.hostname), true);
  }
  const first = addresses[0];
  if (!first) return refused(notFound(url.hostname), true);
  if (!isLiteral(host) && !addresses.every((a) => isPublicAddress(a.address))) {
    return refused(
      /*i18n*/ {
        id: 'coursework.refused.not-public',
        message: '{host} is not a public address of a course site.',
        values: { host: url.hostname },
      },
    );
  }
  return {
    ok: true,
    url,
    hostname: host,
    address: first.address,
    family: first.family === 6 ? 6 : 4,
  };
}

/**
 * Which LMS an address is from, by the shape of its feed address: Canvas's
 * `/feeds/calendars/user_<token>.ics`, Moodle's `/calendar/export_execute.php`.
 */
export function sourceOf(url: URL): CourseworkSource {
  if (/^\/feeds\/calendars\/user_[^/]+\.ics$/i.test(url.pathname)) return 'canvas';
  if (/\/calendar\/export_execute\.php$/i.test(url.pathname)) return 'moodle';
  return 'other';
}

/**
 * The address as the student sees it again: its origin and its last four characters, enough to
 * recognise which link it is, never enough to use it.
 */
export function maskAddress(url: URL): string {
  const rest = `${url.pathname}${url.search}`.replace(/\.ics$/i, '');
  return `${url.origin}/…${rest.length > 16 ? rest.slice(-4) : ''}`;
}

const PURPOSE = 'coursework-feed';
/** A sealed address never expires by itself: removing or replacing it is what ends it. */
const NEVER = new Date('9999-12-31T00:00:00.000Z');

export const sealAddress = (box: SecretBox, address: string) => box.seal(PURPOSE, address, NEVER);

/** The address, or null when it cannot be unsealed (the server's SESSION_SECRET changed). */
export function unsealAddress(box: SecretBox, sealed: string, now: Date): string | null {
  const address = box.unseal(PURPOSE, sealed, now);
  return typeof address === 'string' ? address : null;
}
