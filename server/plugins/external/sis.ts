import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MemoryCacheStore } from '../../cache/memory-store.js';
import type { CacheStore } from '../../cache/store.js';
import type { Config } from '../../config.js';
import { AddressCheckedSis } from '../../sis/address-check.js';
import { IntegrationHealth, MonitoredSis } from '../../sis/health.js';
import { EthosSis } from '../../sis/ethos/adapter.js';
import { HttpSis } from '../../sis/http-adapter.js';
import { MeasuredSis } from '../../sis/measured.js';
import type { SisPort } from '../../sis/port.js';
import { SampleSis } from '../../sis/sample-adapter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The student information system: the adapter SIS_ADAPTER names (sample, http, ethos). */
    sis: SisPort;
    /** Whether the SIS answers, judged from the calls made to it (reported by `/api/status`). */
    integrationHealth: IntegrationHealth;
    /** The Ethos adapter itself when SIS_ADAPTER=ethos (change notifications reach it), else null. */
    ethosSis: EthosSis | null;
  }
}

/** What the Ethos adapter shares with the other processes: the shared cache store (Redis). */
export interface SharedStore {
  shared?: CacheStore | undefined;
  onSharedError?: ((err: unknown) => void) | undefined;
}

/**
 * The adapter SIS_ADAPTER names (config/sis.ts): sample, http or ethos. Ethos keeps its code tables
 * in `shared` when given (the processes' shared store), else in the process.
 */
export function sisFor(config: Config, store: SharedStore = {}): SisPort {
  const { baseUrl, token, timeoutMs, ethos } = config.sis;
  if (ethos) {
    return new EthosSis({
      ...ethos,
      ...store,
      timeoutMs,
      versions: config.campusSis.ethos.versions,
      zone: config.campus.timeZone,
      campusSis: config.campusSis,
    });
  }
  return baseUrl ? new HttpSis({ baseUrl, token, timeoutMs }) : new SampleSis();
}

export default fp(
  async function sis(app: FastifyInstance, opts: { sis?: SisPort }) {
    const health = new IntegrationHealth(() => app.clock());
    app.decorate('integrationHealth', health);
    // The code tables go to the store every process shares; the in-process LRU would only hold a
    // second copy of what the adapter already keeps.
    const { store } = app.cache;
    const shared = store instanceof MemoryCacheStore ? undefined : store;
    const adapter =
      opts.sis ??
      sisFor(app.config, {
        shared,
        onSharedError: (err) =>
          app.redisWarning(err, 'Redis is unavailable: reading the Ethos code tables from Ethos'),
      });
    app.decorate('ethosSis', adapter instanceof EthosSis ? adapter : null);
    const measured = new MeasuredSis(adapter, (endpoint, outcome, ms) =>
      app.metrics.sisCall(endpoint, outcome, ms),
    );
    const checked = new AddressCheckedSis(measured, (field, email, person) =>
      app.log.warn(
        { field, email, username: person.username },
        'the SIS gave an email address that is not one address; none kept',
      ),
    );
    app.decorate('sis', new MonitoredSis(checked, health));
  },
  { name: 'sis', dependencies: ['metrics', 'cache', 'redis'] },
);
