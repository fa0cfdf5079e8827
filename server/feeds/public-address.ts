import { lookup } from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a server-side fetch of a feed's image must never reach (IANA special-purpose registries):
 * this host, the campus network and cloud metadata services among them. Whatever a feed names, the
 * server only ever talks to the public internet on its behalf.
 */
const specialV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  specialV4.addSubnet(net, prefix, 'ipv4');
}
// A list of its own: a BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules too.
const specialV6 = new BlockList();
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped: written with a dotted IPv4 part it is checked as IPv4 below
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses, private ones too
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds any IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  specialV6.addSubnet(net, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether `address` (an IP literal) is an ordinary public unicast address; anything else is not. */
export function isPublicAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  if (isIPv4(address)) return !specialV4.check(address, 'ipv4');
  if (isIPv6(address)) return !specialV6.check(address, 'ipv6');
  return false;
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
