import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * HTTP/1.1 requires `Host` (RFC 9112 §3.2). Node's server would refuse a request without one itself,
 * with an empty 400 before Fastify sees it, so it runs with `requireHostHeader: false` (app.ts) and
 * the refusal is answered here instead: the `{detail}` problem every other error is, with the
 * security headers (registered after them). HTTP/1.0 may omit it.
 */
export default fp(
  async function hostHeader(app: FastifyInstance) {
    app.addHook('onRequest', function answerWithoutHost(request, reply, done) {
      const { httpVersionMajor, httpVersionMinor } = request.raw;
      const needsHost = httpVersionMajor > 1 || (httpVersionMajor === 1 && httpVersionMinor >= 1);
      if (needsHost && !request.headers.host && !request.headers[':authority']) {
        void reply
          .code(400)
          .header('cache-control', 'no-store')
          .header('connection', 'close')
          .send({ detail: 'The request has no Host header.' });
        return;
      }
      done();
    });
  },
  { name: 'host-header', dependencies: ['security'] },
);
