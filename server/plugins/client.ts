import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './errors.js';

const NEXT_STEPS = '/next-steps';

/** Which app's HTML answers a browser path: Next Steps under /next-steps, the portal elsewhere. */
export function htmlFor(url: string): 'next-steps/index.html' | 'index.html' {
  const pathname = url.split('?')[0] ?? '/';
  return pathname === NEXT_STEPS || pathname.startsWith(`${NEXT_STEPS}/`)
    ? 'next-steps/index.html'
    : 'index.html';
}

/** Serves the built apps, with history fallback so every app route loads its app's HTML. */
export default fp(
  async function client(app: FastifyInstance, opts: { root: string }) {
    const root = path.resolve(opts.root);
    const built = existsSync(path.join(root, 'index.html'));
    if (built && app.config.nodeEnv === 'production') {
      // Source maps give away the source: in production they are not served at all.
      app.addHook('onRequest', async (request, reply) => {
        if (/\.map$/i.test(request.url.split('?')[0] ?? '')) {
          await reply.code(404).send({ detail: 'Not found.' });
        }
      });
    }
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders(res, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url;
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(url) &&
        !/\/assets\//.test(url);
      if (!isPage) {
        return reply
          .code(404)
          .send({ detail: `Not found: ${request.method} ${url.split('?')[0]}` });
      }
      if (!built) {
        return reply
          .code(503)
          .send({ detail: 'The web apps are not built yet: run `npm run build`.' });
      }
      return reply.header('cache-control', 'no-cache').sendFile(htmlFor(url));
    });
  },
  { name: 'client' },
);
