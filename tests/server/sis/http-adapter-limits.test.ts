import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpSis, SIS_ANSWER_MAX_BYTES } from '../../../server/sis/http-adapter.js';
import { SisError } from '../../../server/sis/port.js';
import { FakeSis } from '../../fake-sis/fake-sis.js';

const student = { username: 'avalencia', persona: null };

let fake: FakeSis;
/** Another server on this machine, which a redirect names: it must never be asked. */
let inside: Server;
let insideCalls = 0;

beforeAll(async () => {
  fake = await FakeSis.start();
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
  fake.heal();
  fake.calls.length = 0;
  insideCalls = 0;
});

const sisFor = (timeoutMs = 2_000) => new HttpSis({ baseUrl: fake.url, timeoutMs });

describe('the HTTP SIS adapter’s limits', () => {
  it('gives a read one deadline, its retry included: a slow answer then a dropped connection ends at SIS_TIMEOUT_MS', async () => {
    fake.fail('holds', { kind: 'slow-reset', ms: 450 });
    const started = performance.now();
    const error = await sisFor(600)
      .read('holds', student)
      .catch((err: unknown) => err);
    const took = performance.now() - started;
    expect(error).toBeInstanceOf(SisError);
    expect(String(error)).toMatch(/holds: no answer within 600 ms/);
    // The message says the read's one deadline ended it; with a fresh one for the retry, the retry's
    // own 600 ms would end past 450 + 600 ms. A loaded host's timers run late by a few hundred ms.
    expect(took).toBeLessThan(600 + 450);
    expect(fake.callsTo('holds')).toBe(2);
  });

  it('refuses a body over its cap while reading it, whatever its length', async () => {
    fake.fail('holds', { kind: 'oversize', bytes: 4 * SIS_ANSWER_MAX_BYTES });
    await expect(sisFor().read('holds', student)).rejects.toThrow(
      new RegExp(`holds: answer over ${SIS_ANSWER_MAX_BYTES} bytes`),
    );
  });

  it('follows no redirect: a 302 to another port of this machine is an upstream error, that port never asked', async () => {
    const { port } = inside.address() as AddressInfo;
    fake.fail('holds', { kind: 'redirect', location: `http://127.0.0.1:${port}/holds` });
    await expect(sisFor().read('holds', student)).rejects.toThrow(
      /holds: upstream answered 302 \(a redirect, not followed\)/,
    );
    expect(insideCalls).toBe(0);
  });
});
