import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import type { PushServiceHosts } from '../../../server/config.js';
import { isPublicAddress } from '../../../server/net/public-address.js';
import { checkPushEndpoint } from '../../../server/notify/push-endpoint.js';
import type { Resolver } from '../../../server/notify/push-endpoint.js';

const hostsOf = (list: string): PushServiceHosts =>
  loadConfig({ NODE_ENV: 'test', PUSH_SERVICE_HOSTS: list }).push.serviceHosts;

/** A resolver of the test's own: each name to the addresses given, any other name not found. */
const resolver =
  (names: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = names[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('which addresses are public (push endpoints)', () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback elsewhere in 127/8', '127.8.9.10'],
    ['IPv6 loopback', '::1'],
    ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, in hex', '::ffff:7f00:1'],
    ['IPv4-compatible loopback', '::7f00:1'],
    ['private 10/8', '10.0.0.1'],
    ['private 172.16/12', '172.16.5.4'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['IPv4-mapped link-local', '::ffff:169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['multicast', '224.0.0.251'],
    ['unspecified', '0.0.0.0'],
    ['IPv6 unspecified', '::'],
    ['broadcast', '255.255.255.255'],
    ['reserved 240/4', '240.0.0.1'],
    ['documentation', '192.0.2.10'],
    ['unique-local', 'fd12:3456:789a::1'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['not an address at all', 'localhost'],
  ])('refuses %s (%s)', (_what, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([['142.250.72.106'], ['17.253.144.10'], ['2607:f8b0:4004:c07::5f']])(
    'accepts the public unicast address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('checkPushEndpoint, the one rule for push endpoints', () => {
  const defaults = loadConfig({ NODE_ENV: 'test' }).push.serviceHosts;
  const publicDns = resolver({
    'fcm.googleapis.com': ['142.250.72.106'],
    'updates.push.services.mozilla.com': ['34.117.65.55'],
    'web.push.apple.com': ['17.253.144.10'],
    'wns2-by3p.notify.windows.com': ['2603:1030:800:5::bfee:a418'],
  });

  it('accepts the push services browsers use by default, naming the one address it checked', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QOa',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ]) {
      const check = await checkPushEndpoint(endpoint, defaults, publicDns);
      expect(check).toMatchObject({ ok: true, href: endpoint });
    }
    expect(
      await checkPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', defaults, publicDns),
    ).toMatchObject({ hostname: 'fcm.googleapis.com', address: '142.250.72.106', family: 4 });
  });

  it.each([
    ['another port of a listed name', 'https://fcm.googleapis.com:8443/x'],
    ['a name that only ends like a suffix', 'https://evilnotify.windows.com/x'],
    ['a listed name inside another', 'https://fcm.googleapis.com.evil.example/x'],
    ['the suffix as a name of its own', 'https://notify.windows.com/x'],
    ['cloud metadata by name', 'https://metadata.google.internal/computeMetadata/v1/'],
    ['plain http', 'http://fcm.googleapis.com/x'],
    ['credentials', 'https://user:pw@fcm.googleapis.com/x'],
  ])('refuses %s', async (_what, endpoint) => {
    expect(await checkPushEndpoint(endpoint, defaults, publicDns)).toMatchObject({
      ok: false,
      transient: false,
    });
  });

  it('refuses a listed name when any of its addresses is not public (one bad answer is enough)', async () => {
    const hosts = hostsOf('push.campus.example,metadata.google.internal');
    const dns = resolver({
      'push.campus.example': ['142.250.72.106', '10.1.2.3'],
      'metadata.google.internal': ['169.254.169.254'],
    });
    for (const endpoint of [
      'https://push.campus.example/x',
      'https://metadata.google.internal/x',
    ]) {
      const check = await checkPushEndpoint(endpoint, hosts, dns);
      expect(check).toMatchObject({ ok: false, transient: false });
      expect(check.ok || check.reason).toMatch(/is not a public address of a push service/);
    }
  });

  it('allows a non-public address only where that exact host:port is named', async () => {
    const hosts = hostsOf('127.0.0.1:8443,push.test:9443');
    const dns = resolver({ '127.0.0.1': ['127.0.0.1'], 'push.test': ['::1'] });
    expect(await checkPushEndpoint('https://127.0.0.1:8443/p', hosts, dns)).toMatchObject({
      ok: true,
      address: '127.0.0.1',
    });
    expect(await checkPushEndpoint('https://push.test:9443/p', hosts, dns)).toMatchObject({
      ok: true,
      hostname: 'push.test',
      address: '::1',
      family: 6,
    });
    for (const other of [
      'https://127.0.0.1/p',
      'https://127.0.0.1:8444/p',
      'https://push.test/p',
    ]) {
      expect(await checkPushEndpoint(other, hosts, dns)).toMatchObject({ ok: false });
    }
  });

  it('a listed name that does not resolve is refused as worth another try', async () => {
    const check = await checkPushEndpoint('https://fcm.googleapis.com/x', defaults, resolver({}));
    expect(check).toMatchObject({ ok: false, transient: true });
  });
});

describe('PUSH_SERVICE_HOSTS', () => {
  it('defaults to FCM, Mozilla autopush, Apple web push and Windows WNS', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).push.serviceHosts).toEqual({
      names: ['fcm.googleapis.com', 'updates.push.services.mozilla.com'],
      suffixes: ['.push.apple.com', '.notify.windows.com'],
      exact: [],
    });
    expect(loadConfig({ NODE_ENV: 'test' }).push.timeoutMs).toBe(5000);
  });

  it('reads names, suffixes and exact host:port entries as the URL parser writes hosts', () => {
    expect(hostsOf(' FCM.googleapis.com, .Push.Apple.com ,0x7f.1:8443,[::1]:443,127.1')).toEqual({
      names: ['fcm.googleapis.com', '127.0.0.1'],
      suffixes: ['.push.apple.com'],
      exact: ['127.0.0.1:8443', '[::1]:443'],
    });
  });

  it.each([
    ['https://fcm.googleapis.com'],
    ['fcm.googleapis.com/path'],
    ['.push.apple.com:443'],
    ['a b'],
  ])('refuses the entry %s', (entry) => {
    expect(() => loadConfig({ NODE_ENV: 'test', PUSH_SERVICE_HOSTS: entry })).toThrow(ConfigError);
  });
});
