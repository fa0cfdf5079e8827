import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

/** The adapter SIS_ADAPTER names (config/sis.ts): sample, http or ethos. */
export function sisFor(config: Config): SisPort {
  const { baseUrl, token, timeoutMs, ethos } = config.sis;
  if (ethos) {
    return new EthosSis({
      ...ethos,
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
    const adapter = opts.sis ?? sisFor(app.config);
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
  { name: 'sis', dependencies: ['metrics'] },
);
