import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { preflight } from '../../server/preflight.js';
import { ETHOS_KEY, FakeEthos } from '../fake-ethos/fake-ethos.js';
import { FakeSis } from '../fake-sis/fake-sis.js';

const TOKEN = 'sis-token-of-the-portal-1234';
let sis: FakeSis;
let ethos: FakeEthos;
beforeAll(async () => {
  [sis, ethos] = await Promise.all([FakeSis.start(), FakeEthos.start()]);
  sis.requireToken(TOKEN);
});
afterAll(async () => Promise.all([sis.close(), ethos.close()]));

/** The pre-flight's SIS line for these settings. */
async function sisLine(env: Record<string, string>, as?: string) {
  const lines = await preflight(loadConfig({ DATA_DIR: tmpdir(), ...env }), 5_000, { as });
  return lines.find((line) => line.component === 'sis');
}

describe('config:check -- --connect connects to the SIS as the portal will (issue 72)', () => {
  it('HTTP adapter: a wrong SIS_TOKEN fails with "token refused"', async () => {
    const line = await sisLine({ SIS_BASE_URL: sis.url, SIS_TOKEN: 'not-the-token-0000' });
    expect(line?.ok).toBe(false);
    expect(line?.detail).toMatch(/^FAILED: token refused \(HTTP 401 /);
  });

  it('HTTP adapter: the right SIS_TOKEN passes, reading the sample student unless --as names another', async () => {
    const before = sis.calls.length;
    const line = await sisLine({ SIS_BASE_URL: sis.url, SIS_TOKEN: TOKEN });
    expect(line?.ok).toBe(true);
    expect(line?.detail).toMatch(/^reachable, connected: the identity of avalencia read/);
    const named = await sisLine({ SIS_BASE_URL: sis.url, SIS_TOKEN: TOKEN }, 'jokafor');
    expect(named?.detail).toMatch(/connected: the identity of jokafor read/);
    const calls = sis.calls.slice(before);
    expect(calls.map((c) => c.read)).toEqual(['identity', 'identity']);
    expect(calls.every((c) => c.auth === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('HTTP adapter: a person the SIS does not know fails, naming --as', async () => {
    const line = await sisLine({ SIS_BASE_URL: sis.url, SIS_TOKEN: TOKEN }, 'nobody-here');
    expect(line?.ok).toBe(false);
    expect(line?.detail).toMatch(/HTTP 404 .*no record of nobody-here .*--as/);
  });

  it('Ethos: a wrong key fails with the Ethos error', async () => {
    const line = await sisLine({
      SIS_ADAPTER: 'ethos',
      ETHOS_BASE_URL: ethos.url,
      ETHOS_API_KEY: 'not-the-ethos-key-0000',
    });
    expect(line?.ok).toBe(false);
    expect(line?.detail).toMatch(/^FAILED: Ethos refused the key \(HTTP 401\)/);
  });

  it('Ethos: the right key passes, the token exchanged and one code table read', async () => {
    const tokens = ethos.tokensIssued;
    const before = ethos.callsTo('academic-levels').length;
    const line = await sisLine({
      SIS_ADAPTER: 'ethos',
      ETHOS_BASE_URL: ethos.url,
      ETHOS_API_KEY: ETHOS_KEY,
    });
    expect(line?.ok).toBe(true);
    expect(line?.detail).toMatch(/^reachable, Ethos: connected, .*academic-levels read/);
    expect(ethos.tokensIssued).toBe(tokens + 1);
    expect(ethos.callsTo('academic-levels').length).toBeGreaterThan(before);
  });
});
