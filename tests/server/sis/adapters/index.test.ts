import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config.js';
import { EthosSis } from '../../../../server/sis/ethos/adapter.js';
import { HttpSis } from '../../../../server/sis/http-adapter.js';
import { SampleSis } from '../../../../server/sis/sample-adapter.js';
import { SIS_ADAPTERS, openSis, sisConnectProbe } from '../../../../server/sis/adapters/index.js';
import { SIS_ADAPTER_NAMES } from '../../../../server/sis/adapters/settings.js';

const ethos = { SIS_ADAPTER: 'ethos', ETHOS_API_KEY: 'ethos-key-0123456789abcdef' };

describe('what opens each SIS adapter', () => {
  it('has a module for every adapter of the list, and for no other', () => {
    expect(Object.keys(SIS_ADAPTERS)).toEqual(SIS_ADAPTER_NAMES);
  });

  it('opens the adapter SIS_ADAPTER names: sample, http or ethos', () => {
    expect(openSis(loadConfig({}))).toBeInstanceOf(SampleSis);
    expect(openSis(loadConfig({ SIS_BASE_URL: 'https://sis.example.edu' }))).toBeInstanceOf(
      HttpSis,
    );
    expect(openSis(loadConfig(ethos))).toBeInstanceOf(EthosSis);
  });

  it('gives the pre-flight a check for an adapter that connects, and none for the sample', () => {
    expect(sisConnectProbe(loadConfig({}), {})).toBeNull();
    expect(sisConnectProbe(loadConfig({ SIS_BASE_URL: 'https://sis.example.edu' }), {})).toBeTypeOf(
      'function',
    );
    expect(sisConnectProbe(loadConfig(ethos), {})).toBeTypeOf('function');
  });
});
