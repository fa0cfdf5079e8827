import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Secret } from '../../../../server/config/sis.js';
import { EthosClient, MAX_PAGES } from '../../../../server/sis/ethos/client.js';
import { EthosError } from '../../../../server/sis/ethos/wire.js';
import { SisError } from '../../../../server/sis/port.js';
import { ETHOS_KEY, FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';

let fake: FakeEthos;
let now = Date.parse('2026-10-14T19:00:00Z');
const waits: number[] = [];

beforeAll(async () => {
  fake = await FakeEthos.start({ now: () => now });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
  fake.maxPageSize = 2;
  fake.tokenSeconds = null;
  waits.length = 0;
});

const clientFor = (
  options: { key?: string; timeoutMs?: number; versions?: Record<string, number> } = {},
) =>
  new EthosClient({
    baseUrl: fake.url,
    apiKey: new Secret(options.key ?? ETHOS_KEY),
    timeoutMs: options.timeoutMs ?? 2000,
    versions: options.versions ?? {},
    clock: () => now,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
const idOnly = z.object({ id: z.string() });
const auths = () => fake.calls.filter((c) => c.url.startsWith('/auth'));

describe('the Ethos client: auth', () => {
  it('asks for a 60-minute token with the key as Bearer, and shares one token between concurrent calls (no stampede)', async () => {
    const client = clientFor();
    await Promise.all(Array.from({ length: 8 }, () => client.list('subjects', idOnly)));
    expect(auths()).toHaveLength(1);
    expect(auths()[0]?.url).toBe('/auth?expirationMinutes=60');
  });

  it('renews the token 30 s before it expires', async () => {
    const client = clientFor();
    await client.list('buildings', idOnly);
    now += 59 * 60_000 + 20_000;
    await client.list('buildings', idOnly);
    expect(auths()).toHaveLength(1);
    now += 15_000;
    await client.list('buildings', idOnly);
    expect(auths()).toHaveLength(2);
  });

  it('on a 401 takes one fresh token and retries once', async () => {
    const client = clientFor();
    await client.list('buildings', idOnly);
    fake.fail('buildings', { kind: 'revoked' }, 1);
    await expect(client.list('buildings', idOnly)).resolves.toHaveLength(
      fake.data.buildings.length,
    );
    expect(auths()).toHaveLength(2);
  });

  it('a refused key is an error naming auth, never the key', async () => {
    const error = await clientFor({ key: 'wrong-key-000000' })
      .list('buildings', idOnly)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EthosError);
    expect(String(error)).toMatch(/auth/);
    expect(String(error)).not.toContain('wrong-key');
  });
});

describe('the Ethos client: calls', () => {
  it('asks for each resource by its versioned media type; a campus override is used; an unsupported version is an error naming the resource and code', async () => {
    await clientFor().list('subjects', idOnly);
    expect(fake.callsTo('subjects')[0]?.accept).toBe('application/vnd.hedtech.integration.v6+json');
    const error = await clientFor({ versions: { subjects: 99 } })
      .list('subjects', idOnly)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SisError);
    expect(String(error)).toMatch(/subjects.*406 Global\.UnsupportedVersion/);
  });

  it('reads every page to x-total-count, the last one short', async () => {
    fake.maxPageSize = 2;
    const periods = await clientFor().list('academic-periods', idOnly);
    expect(periods).toHaveLength(3);
    expect(
      fake
        .callsTo('academic-periods')
        .map((c) => new URL(c.url, fake.url).searchParams.get('offset')),
    ).toEqual(['0', '2']);
  });

  it(`a list that never ends, declaring no count, stops at ${MAX_PAGES} pages with an error`, async () => {
    fake.fail('rooms', { kind: 'endless', uncounted: true });
    await expect(clientFor().list('rooms', idOnly)).rejects.toThrow(/more than 50 pages/);
    expect(fake.callsTo('rooms')).toHaveLength(MAX_PAGES);
    fake.fail('rooms', { kind: 'endless' }, 0);
  });

  it('waits out a 429 by Retry-After, at most three times, while the deadline allows', async () => {
    fake.fail('subjects', { kind: 'rate-limited', retryAfter: 2 }, 2);
    const client = clientFor({ timeoutMs: 10_000 });
    await expect(client.list('subjects', idOnly)).resolves.toHaveLength(4);
    expect(waits).toEqual([2000, 2000]);
    fake.fail('subjects', { kind: 'rate-limited', retryAfter: 1 }, 4);
    await expect(client.list('subjects', idOnly)).rejects.toThrow(/429/);
    expect(waits).toEqual([2000, 2000, 1000, 1000, 1000]);
    fake.fail('subjects', { kind: 'rate-limited', retryAfter: 1 }, 0);
  });

  it('gives up on a slow answer after the timeout', async () => {
    fake.fail('buildings', { kind: 'latency', ms: 500 }, 1);
    await expect(clientFor({ timeoutMs: 150 }).list('buildings', idOnly)).rejects.toThrow(
      /no answer within 150 ms/,
    );
  });

  it('reads the Ethos error format into an error naming the resource and code', async () => {
    fake.fail('buildings', { kind: 'status', status: 500 }, 1);
    await expect(clientFor().list('buildings', idOnly)).rejects.toThrow(
      /ethos buildings: answered 500 Global\.Internal\.Error: Banner is down/,
    );
  });
});

describe('bad input from Ethos becomes the ordinary integration error of that read', () => {
  const cases = [
    ['a 500', { kind: 'status', status: 500 }, /answered 500/],
    ['an HTML error page', { kind: 'html' }, /answered 502 \(not JSON\)/],
    ['a model with missing fields', { kind: 'missing-fields' }, /does not match its model/],
    ['a page that never ends', { kind: 'endless' }, /more than 50 pages/],
  ] as const;
  for (const [what, fault, message] of cases) {
    it(`${what} on section-registrations: schedule fails as a SisError of schedule`, async () => {
      fake.fail('section-registrations', fault);
      const error = await ethosSisFor(fake)
        .read('schedule', student, '202604')
        .catch((e: unknown) => e);
      fake.fail('section-registrations', fault, 0);
      expect(error).toBeInstanceOf(SisError);
      expect(error).toMatchObject({ endpoint: 'schedule' });
      expect(String(error)).toMatch(message);
      expect(String(error)).not.toContain(ETHOS_KEY);
    });
  }

  it('an unknown GUID (a section Ethos no longer has) fails that read, naming the resource', async () => {
    const sis = ethosSisFor(fake);
    const section = fake.data.sections[0];
    const kept = { ...section };
    if (section) section.id = 'gone';
    const error = await sis.read('courses', student, '202604').catch((e: unknown) => e);
    if (section) Object.assign(section, kept);
    expect(error).toMatchObject({ endpoint: 'courses' });
    expect(String(error)).toMatch(/sections: answered 404 Global\.GUID\.Not\.Found/);
  });
});
