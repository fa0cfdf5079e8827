import { Secret } from '../../server/config/sis.js';
import { EthosSis } from '../../server/sis/ethos/adapter.js';
import type { EthosSisOptions } from '../../server/sis/ethos/adapter.js';
import { ETHOS_KEY } from './fake-ethos.js';
import type { FakeEthos } from './fake-ethos.js';

/** A Wednesday of the fall term, noon in Portland (19:00 UTC, daylight time). */
export const WEDNESDAY = Date.parse('2026-10-14T19:00:00Z');

/** The Ethos adapter pointed at the double, on the campus clock of `now`. */
export function ethosSisFor(fake: FakeEthos, options: Partial<EthosSisOptions> = {}) {
  const now = options.clock ?? (() => WEDNESDAY);
  return new EthosSis({
    baseUrl: fake.url,
    apiKey: new Secret(ETHOS_KEY),
    timeoutMs: 2000,
    personCredential: 'bannerUserName',
    idCredential: 'bannerId',
    zone: 'America/Los_Angeles',
    campusSis: { ethos: { versions: {}, holdCategories: {} } },
    sleep: () => Promise.resolve(),
    ...options,
    clock: now,
  });
}

export const student = { username: 'avalencia', persona: null };
