import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Secret } from '../../../../server/config/sis.js';
import { EthosClient, MAX_PAGES } from '../../../../server/sis/ethos/client.js';
import { SisError } from '../../../../server/sis/port.js';
import { withinRead } from '../../../../server/sis/read-deadline.js';
import { ETHOS_KEY, FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { WEDNESDAY, ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';

let fake: FakeEthos;
/** Another server on this machine, which a redirect names: it must never be asked. */
let inside: Server;
let insideCalls = 0;
const waits: number[] = [];
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const recordedSleep = async (ms: number) => {
  waits.push(ms);
};

beforeAll(async () => {
  fake = await FakeEthos.start({ now: () => WEDNESDAY });
  inside = createServer((_req, res) => {
    insideCalls += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await fake.close();
  inside.closeAllConnections();
  await new Promise((resolve) => inside.close(resolve));
});
beforeEach(() => {
  fake.calls.length = 0;
  fake.maxPageSize = 2;
  insideCalls = 0;
  waits.length = 0;
  for (const resource of ['persons', 'auth', 'rooms']) fake.fail(resource, { kind: 'html' }, 0);
});

const insideUrl = () => `http://127.0.0.1:${(inside.address() as AddressInfo).port}/api/persons`;

describe('an Ethos read has one deadline over its retries, waits and pages', () => {
  it('a 429 storm ends within SIS_TIMEOUT_MS with the read’s error', async () => {
    fake.fail('persons', { kind: 'rate-limited', retryAfter: 1 });
    const sis = ethosSisFor(fake, { timeoutMs: 1_500, sleep: realSleep });
    const started = performance.now();
    const error = await sis.read('identity', student).catch((err: unknown) => err);
    expect(performance.now() - started).toBeLessThan(1_500 + 300);
    expect(error).toBeInstanceOf(SisError);
    expect(String(error)).toMatch(/identity: ethos persons: (rate limited|answered 429)/);
  });

  it('a Retry-After longer than the time left ends the read at once, without waiting', async () => {
    fake.fail('persons', { kind: 'rate-limited', retryAfter: 5 });
    const sis = ethosSisFor(fake, { timeoutMs: 2_000, sleep: recordedSleep });
    await expect(sis.read('identity', student)).rejects.toThrow(/rate limited for 5 s/);
    expect(waits).toEqual([]);
    expect(fake.callsTo('persons')).toHaveLength(1);
  });

  it('an x-total-count of 10^12 with a short page stops after that page', async () => {
    fake.fail('persons', { kind: 'endless-count' });
    const identity = await ethosSisFor(fake).read('identity', student);
    expect(identity).toBeTruthy();
    expect(fake.callsTo('persons')).toHaveLength(1);
  });

  it(`counts its ${MAX_PAGES}-page budget over the whole read, not per list`, async () => {
    fake.fail('rooms', { kind: 'endless', uncounted: true });
    const client = new EthosClient({
      baseUrl: fake.url,
      apiKey: new Secret(ETHOS_KEY),
      timeoutMs: 8_000,
      clock: () => WEDNESDAY,
    });
    const idOnly = z.object({ id: z.string() });
    const lists = await withinRead(8_000, () =>
      Promise.allSettled([client.list('rooms', idOnly), client.list('rooms', idOnly)]),
    );
    expect(lists.map((l) => l.status)).toEqual(['rejected', 'rejected']);
    expect(fake.callsTo('rooms')).toHaveLength(MAX_PAGES);
  });
});

describe('Ethos follows no redirect', () => {
  it('a read answered with a 302 to a loopback port fails with the upstream error; that port is never asked', async () => {
    fake.fail('persons', { kind: 'redirect', location: insideUrl() });
    await expect(ethosSisFor(fake).read('identity', student)).rejects.toThrow(
      /identity: .*ethos persons: answered 302 \(a redirect, not followed\)/,
    );
    expect(insideCalls).toBe(0);
  });

  it('a token exchange answered with a 302 to a loopback port fails the same way', async () => {
    fake.fail('auth', { kind: 'redirect', location: insideUrl() }, 1);
    await expect(ethosSisFor(fake).read('identity', student)).rejects.toThrow(
      /ethos auth: answered 302 \(a redirect, not followed\)/,
    );
    expect(insideCalls).toBe(0);
  });
});
