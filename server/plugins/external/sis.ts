import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MemoryCacheStore } from '../../cache/memory-store.js';
import { AddressCheckedSis } from '../../sis/address-check.js';
import { IntegrationHealth, MonitoredSis } from '../../sis/health.js';
import { EthosSis } from '../../sis/ethos/adapter.js';
import { PeopleSoftSis } from '../../sis/peoplesoft/adapter.js';
import { MeasuredSis } from '../../sis/measured.js';
import { adapterOf, openSis } from '../../sis/adapters/index.js';
import type { SisPort } from '../../sis/port.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The student information system: the adapter SIS_ADAPTER names (`sis/adapters/`). */
    sis: SisPort;
    /** Whether the SIS answers, judged from the calls made to it (reported by `/api/status`). */
    integrationHealth: IntegrationHealth;
    /** The Ethos adapter itself when SIS_ADAPTER=ethos (change notifications reach it), else null. */
    ethosSis: EthosSis | null;
    /**
     * The PeopleSoft adapter itself when SIS_ADAPTER=peoplesoft: the changes sweep reads the
     * student's checklist and notifications from it (issue 91).
     */
    peopleSoftSis: PeopleSoftSis | null;
  }
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
      openSis(app.config, {
        shared,
        onSharedError: (err) =>
          app.redisWarning(err, 'Redis is unavailable: reading the Ethos code tables from Ethos'),
        // Issue 87: a list longer than the contract's ceiling is kept in part, never refused.
        onListCut: (endpoint, cut) =>
          app.log.warn(
            { endpoint, ...cut },
            'the SIS gave a list longer than its ceiling; the first ones kept',
          ),
        // Issue 89: a class's building is named without its site while Ethos `sites` fails.
        onOptionalReadError: (resource, err) =>
          app.log.warn(
            { resource, err },
            'an Ethos read the answers can go without failed; they are answered without it',
          ),
        portalClock: () => app.clock(),
      });
    const inner = adapterOf(adapter);
    app.decorate('ethosSis', inner instanceof EthosSis ? inner : null);
    app.decorate('peopleSoftSis', inner instanceof PeopleSoftSis ? inner : null);
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
