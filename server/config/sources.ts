import { ConfigError } from './env.js';
import type { Env } from './env.js';
import { degreeSourceConfig } from './degree-source.js';
import { sisAdapterConfig } from './sis.js';

/**
 * Where the portal's data comes from and how long it waits for it: the student information system,
 * the events and news feeds, and the store's search. `realPeople` as in store.ts: they never read the
 * embedded sample SIS unless the server is a staging one.
 */
export function sourcesConfig(e: Env, realPeople: boolean) {
  const adapter = sisAdapterConfig(e);
  if (realPeople && adapter.adapter === 'sample' && !e.ALLOW_SAMPLE_SIS) {
    throw new ConfigError(
      'Refusing to start: NODE_ENV=production signs real people in (OpenID Connect or SAML) but reads the ' +
        'embedded sample SIS, so real people would get sample records. Set SIS_BASE_URL to the ' +
        "university's student information system (or SIS_ADAPTER=ethos and ETHOS_API_KEY), or " +
        'ALLOW_SAMPLE_SIS=1 on a staging server.',
    );
  }
  return {
    /** The student information system: which adapter (server/sis/adapters/) and how long it may take. */
    sis: {
      ...adapter,
      timeoutMs: e.SIS_TIMEOUT_MS,
      /** With a cached copy, how long a reader waits for the SIS before the copy answers. */
      staleAfterMs: e.SIS_STALE_AFTER_MS,
      /** Issue 92: the `degree-progress` read's source, the SIS's own or DegreeWorks. */
      degree: degreeSourceConfig(e),
    },
    /**
     * The events and news feeds (their addresses are campus configuration): per-fetch time limit, and
     * the image hosts the server may reach although they are not public addresses (campus network).
     */
    feeds: {
      timeoutMs: e.FEED_TIMEOUT_MS,
      imagePrivateHosts: e.FEED_IMAGE_PRIVATE_HOSTS.map((h) => h.toLowerCase()),
    },
    /**
     * Search (`GET /api/search`): the time the store may spend on one search, after which the answer
     * is partial (0: the store is not searched at all), and searches per minute per person.
     */
    search: { budgetMs: e.SEARCH_BUDGET_MS, perMinute: e.SEARCH_PER_MINUTE },
  };
}
