import ipaddr from 'ipaddr.js';

/** Global unicast IPv6 (RFC 4291): below it lie IPv4-compatible, NAT64 and other embeddings. */
const GLOBAL_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether `address` (an IP literal) is an ordinary public unicast address: the one rule for every
 * connection the server makes on someone else's word (a feed's image, a student's calendar, a push
 * endpoint; `outbound.ts` applies it). ipaddr.js
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
