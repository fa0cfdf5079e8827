import { lookup } from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** Global unicast IPv6 (RFC 4291): below it lie IPv4-compatible, NAT64 and other embeddings. */
const GLOBAL_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether `address` (an IP literal) is an ordinary public unicast address: the one rule for every
 * connection the server makes on someone else's word (a feed's image, a push endpoint). ipaddr.js
 * names every special range of the IANA registries (loopback, private, linkLocal — cloud metadata at
 * 169.254.169.254 —, uniqueLocal, carrierGradeNat, multicast, unspecified, broadcast, reserved, 6to4,
 * teredo…); anything but `unicast` is refused, and IPv6 outside global unicast (2000::/3) too. An
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = ipaddr.IPv6.parse(address);
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
    if (!v6.match(GLOBAL_V6)) return false;
  }
  return parsed.range() === 'unicast';
}

/** A host name or address refused because it is, or resolves to, a non-public address. */
export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  readonly code = 'EPRIVATEADDRESS';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that resolves as usual and refuses the connection when any address
 * of the name is not public. It runs when the socket connects, on the very addresses used, so a
 * name that resolves differently a second time (DNS rebinding) is checked again.
 */
export function publicOnlyLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      return callback(new PrivateAddressError(`${hostname} resolves to a non-public address`), []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    return callback(null, first.address, first.family);
  });
}
