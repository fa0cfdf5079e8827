import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { HttpSis } from '../sis/http-adapter.js';
import type { SisPort } from '../sis/port.js';
import { SampleSis } from '../sis/sample-adapter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The student information system: the HTTP upstream when SIS_BASE_URL is set, else the sample. */
    sis: SisPort;
  }
}

export function sisFor(config: Config): SisPort {
  const { baseUrl, token, timeoutMs } = config.sis;
  return baseUrl ? new HttpSis({ baseUrl, token, timeoutMs }) : new SampleSis();
}

export default fp(
  async function sis(app: FastifyInstance, opts: { port?: SisPort }) {
    app.decorate('sis', opts.port ?? sisFor(app.config));
  },
  { name: 'sis' },
);
