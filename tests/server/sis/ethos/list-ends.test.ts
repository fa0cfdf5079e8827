import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Secret } from '../../../../server/config/sis.js';
import { EthosClient, MAX_PAGES } from '../../../../server/sis/ethos/client.js';
import { EthosError } from '../../../../server/sis/ethos/wire.js';
import { SisError } from '../../../../server/sis/port.js';
import { ETHOS_KEY, FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { WEDNESDAY, ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';

// Issue 87: an endless tenant cost 50 calls a read, a dashboard over a hundred. These count the
// double's calls, so a list that reads past its end again fails here.
let fake: FakeEthos;
beforeAll(async () => {
  fake = await FakeEthos.start({ now: () => WEDNESDAY });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
  fake.maxPageSize = 2;
  for (const resource of ['rooms', 'person-holds']) fake.fail(resource, { kind: 'html' }, 0);
});

const client = () =>
  new EthosClient({
    baseUrl: fake.url,
    apiKey: new Secret(ETHOS_KEY),
    timeoutMs: 5_000,
    clock: () => WEDNESDAY,
  });
const idOnly = z.object({ id: z.string() });
const asked = (resource: string, name: string) =>
  fake.callsTo(resource).map((c) => new URL(c.url, fake.url).searchParams.get(name));

describe('an Ethos list read ends where Ethos said it would', () => {
  it('a list read stops at the count Ethos declared on its first page', async () => {
    // Pages stay full forever and every page after the first declares 1,000,000.
    fake.fail('rooms', { kind: 'endless', firstCount: 5 });
    const rooms = await client().list('rooms', idOnly);
    expect(rooms.map((r) => r.id)).toEqual(['0', '1', '2', '3', '4']);
    expect(fake.callsTo('rooms')).toHaveLength(3);
    expect(asked('rooms', 'offset')).toEqual(['0', '2', '4']);
    // Never asks past the count: the last page asks for the one record left.
    expect(asked('rooms', 'limit')).toEqual(['100', '3', '1']);
  });

  it('a short page ends a list read whatever count it declares (10^12: one call)', async () => {
    fake.fail('rooms', { kind: 'endless-count' });
    await expect(client().list('rooms', idOnly)).resolves.toHaveLength(1);
    expect(fake.callsTo('rooms')).toHaveLength(1);
  });
});

describe(`an Ethos read reads at most ${MAX_PAGES} pages`, () => {
  it(`a list read fails, naming the resource, past ${MAX_PAGES} pages`, async () => {
    fake.fail('rooms', { kind: 'endless', uncounted: true });
    const error = await client()
      .list('rooms', idOnly)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EthosError);
    expect(String(error)).toMatch(`ethos rooms: more than ${MAX_PAGES} pages in one read`);
    expect(fake.callsTo('rooms')).toHaveLength(MAX_PAGES);
  });

  it(`a list read whose first page declares more than ${MAX_PAGES} pages hold fails after that page`, async () => {
    fake.fail('rooms', { kind: 'endless' });
    const error = await client()
      .list('rooms', idOnly)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EthosError);
    expect(String(error)).toMatch(/ethos rooms: declares 1000000 records: more than 50 pages/);
    expect(fake.callsTo('rooms')).toHaveLength(1);
  });

  it('a holds read from an endless tenant fails, naming person-holds, rather than answer a shorter list', async () => {
    fake.maxPageSize = 25;
    fake.fail('person-holds', { kind: 'endless' });
    const error = await ethosSisFor(fake)
      .read('holds', student)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SisError);
    expect(String(error)).toMatch(/holds: ethos person-holds: declares 1000000 records/);
    expect(fake.callsTo('person-holds')).toHaveLength(1);
  });
});
