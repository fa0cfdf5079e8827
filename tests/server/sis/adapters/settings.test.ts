import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from '../../../../server/config.js';
import {
  SIS_ADAPTER_NAMES,
  SIS_ADAPTER_SETTINGS,
  sisAdapterEnv,
} from '../../../../server/sis/adapters/settings.js';

describe('the SIS adapters list', () => {
  it('SIS_ADAPTER takes exactly the names the list holds, and no other', () => {
    expect(SIS_ADAPTER_NAMES).toEqual(Object.keys(SIS_ADAPTER_SETTINGS));
    expect(SIS_ADAPTER_NAMES).toEqual(expect.arrayContaining(['sample', 'http', 'ethos']));
    for (const name of SIS_ADAPTER_NAMES) {
      expect(envSchema.shape.SIS_ADAPTER.safeParse(name).success, name).toBe(true);
    }
    expect(envSchema.shape.SIS_ADAPTER.safeParse('banner').success).toBe(false);
  });

  it("puts each adapter's own variables in the one environment schema, each named by one adapter", () => {
    const owners = new Map<string, string>();
    for (const [adapter, settings] of Object.entries(SIS_ADAPTER_SETTINGS)) {
      for (const name of Object.keys(settings.env)) {
        expect(owners.get(name), name).toBeUndefined();
        owners.set(name, adapter);
        expect(Object.keys(envSchema.shape), name).toContain(name);
        expect(Object.keys(sisAdapterEnv), name).toContain(name);
      }
    }
    expect(owners.get('SIS_TOKEN')).toBe('http');
    expect(owners.get('ETHOS_CONSUME')).toBe('ethos');
  });

  it("gives each adapter's docs fragment a row for each of its variables, and no other", () => {
    for (const settings of Object.values(SIS_ADAPTER_SETTINGS)) {
      expect(Object.keys(settings.docs.rows).sort()).toEqual(Object.keys(settings.env).sort());
    }
  });

  it("the start-up report line is the chosen adapter's own", () => {
    const config = loadConfig({ SIS_BASE_URL: 'https://sis.example.edu/api' });
    expect(SIS_ADAPTER_SETTINGS.http.report(config.sis)).toBe(
      'HTTP at https://sis.example.edu/api (SIS_ADAPTER=http)',
    );
    expect(SIS_ADAPTER_SETTINGS.sample.report({})).toMatch(/SIS_ADAPTER=sample/);
  });

  it("refuses another adapter's variables beside the chosen one, in that adapter's words", () => {
    expect(() => loadConfig({ SIS_ADAPTER: 'sample', SIS_TOKEN: 'token-123' })).toThrow(
      "SIS_BASE_URL/SIS_TOKEN are the http adapter's, but SIS_ADAPTER=sample",
    );
    expect(() =>
      loadConfig({ SIS_BASE_URL: 'https://sis.example.edu', ETHOS_CONSUME: '1' }),
    ).toThrow("ETHOS_* settings are the ethos adapter's, but SIS_ADAPTER=http");
  });
});
