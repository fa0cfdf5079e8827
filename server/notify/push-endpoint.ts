import { lookup } from 'node:dns/promises';
import { isPublicAddress } from '../net/public-address.js';
import type { PushServiceHosts } from '../config.js';

/**
 * The one rule of which push endpoints the server may reach (issue 40): a device's endpoint is an
 * address any signed-in person hands the server, which then POSTs to it, so it must lead to a push
 * service and nowhere else (not this machine, not the campus network, not a cloud metadata service).
 * Applied when a device registers and again before every send, on the address the send then uses.
 */

/** An address the send may connect to, and the endpoint as the URL parser normalised it. */
export interface ReachableEndpoint {
  ok: true;
  /**
   * The endpoint in its canonical form (`canonicalEndpoint`; `https://0x7f.1/` reads
   * `https://127.0.0.1/`): what is stored and sent to.
   */
  href: string;
  /** The host name the TLS certificate and `Host` are checked against. */
  hostname: string;
  /** The one address checked, the only one the connection may use. */
  address: string;
  family: 4 | 6;
}

export interface RefusedEndpoint {
  ok: false;
  /** Why, in words a person can act on (the registration's `detail`, a dropped job's reason). */
  reason: string;
  /** The name did not resolve this time: worth another try later, unlike the other refusals. */
  transient: boolean;
}

export type EndpointCheck = ReachableEndpoint | RefusedEndpoint;

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** RFC 3986's unreserved characters: a percent-encoded one is the same address as the character. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The one form an endpoint is stored, compared and sent to in (issue 56): as the URL parser writes
 * it (host lower case, default port dropped), without a fragment (never sent to the server), without
 * an empty query (`?` alone), and with percent-encoding normalised (an unreserved character decoded,
 * every other escape in upper case). So `…/abc#x`, `…/abc?` and `…/%61bc` are the one device
 * `…/abc`, and cannot be registered a second time, nor for another person.
 */
export function canonicalEndpoint(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  const escapes = (part: string) =>
    part.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => {
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
    });
  copy.pathname = escapes(copy.pathname);
  copy.search = copy.search === '' ? '' : escapes(copy.search);
  return copy.href;
}

/** An endpoint as a device sends it, in its canonical form; null when it is not a URL. */
export function canonicalEndpointOf(endpoint: string): string | null {
  const url = URL.parse(endpoint);
  return url ? canonicalEndpoint(url) : null;
}

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

const refused = (reason: string, transient = false): RefusedEndpoint => ({
  ok: false,
  reason,
  transient,
});

/** Whether the host (and port) is one `PUSH_SERVICE_HOSTS` names. */
function listed(hosts: PushServiceHosts, hostname: string, port: number): boolean {
  if (port === 443 && hosts.names.includes(hostname)) return true;
  if (port === 443 && hosts.suffixes.some((s) => hostname.endsWith(s))) return true;
  return hosts.exact.includes(`${hostname}:${port}`);
}

/**
 * Decides whether `endpoint` may be reached: `https`, a host `PUSH_SERVICE_HOSTS` names, and every
 * address the name resolves to public, unless that exact `host:port` is named (then whatever it
 * resolves to). The answer names one checked address: the send connects to it and to no other, so a
 * name that resolves differently a moment later (DNS rebinding) cannot move the connection.
 */
export async function checkPushEndpoint(
  endpoint: string,
  hosts: PushServiceHosts,
  resolve: Resolver = systemResolver,
): Promise<EndpointCheck> {
  const url = URL.parse(endpoint);
  if (!url) return refused('The push endpoint is not a URL.');
  if (url.protocol !== 'https:') return refused('The push endpoint must be an https:// address.');
  if (url.username || url.password) return refused('The push endpoint must not carry credentials.');
  const port = Number(url.port || 443);
  if (!listed(hosts, url.hostname, port)) {
    return refused(`${url.host} is not a push service this portal sends to.`);
  }
  const exact = hosts.exact.includes(`${url.hostname}:${port}`);
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await resolve(name);
  } catch {
    return refused(`The push service ${url.hostname} could not be found.`, true);
  }
  const first = addresses[0];
  if (!first) return refused(`The push service ${url.hostname} could not be found.`, true);
  if (!exact && !addresses.every((a) => isPublicAddress(a.address))) {
    return refused(`${url.hostname} is not a public address of a push service.`);
  }
  return {
    ok: true,
    href: canonicalEndpoint(url),
    hostname: name,
    address: first.address,
    family: first.family === 6 ? 6 : 4,
  };
}
