import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  encodedPage,
  encodingFor,
  matches,
  prepareAppPage,
  withFirstAnswers,
} from '../html/app-page.js';
import { firstAnswersFor, nextStepsFirstAnswersFor } from '../html/first-answers.js';
import { builtPagePreloads, manifestBeside } from '../html/page-preloads.js';
import {
  isNextStepsServerRendered,
  isServerRendered,
  serverRenderer,
  withServerRender,
} from '../html/server-render.js';
import type { AppPage } from '../html/app-page.js';
import { isApiPath } from './external/errors.js';
import { declaring } from '../auth/access.js';
import { firstAnswersBase, isNextStepsPage } from '../../contract/first-answers.rules.js';

const ROBOTS = 'User-agent: *\nDisallow: /\n';

/** Which app's HTML answers a browser path: Next Steps under /next-steps, the portal elsewhere. */
export function htmlFor(url: string): 'next-steps/index.html' | 'index.html' {
  return isNextStepsPage(url.split('?')[0] ?? '/') ? 'next-steps/index.html' : 'index.html';
}

/**
 * An app page: never served from a cache without asking (`no-cache` + ETag, so a deploy shows at
 * once and an unchanged page costs a 304), compressed when the browser accepts it.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: AppPage) {
  const encoding = encodingFor(request.headers['accept-encoding']);
  const etag = page.etags[encoding];
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('text/html; charset=utf-8').send(page.bodies[encoding]);
}

/**
 * The browser opening the page (a link, the address bar, a reload, the service worker's navigation
 * preload), as its `Sec-Fetch-*` headers say. Not the service worker's precache of the app's shell,
 * a plain fetch (`Sec-Fetch-Dest: empty`) it keeps for offline: that copy must carry nobody's data,
 * so it gets the shell every signed-out request gets. A browser that sends no such header gets the
 * shell too, and asks the API as before.
 */
const isNavigation = (request: FastifyRequest) =>
  request.headers['sec-fetch-dest'] === 'document' &&
  request.headers['sec-fetch-mode'] === 'navigate';

/**
 * A signed-in person's page, their first answers in it (html/first-answers.ts): for them alone and
 * this once, so no cache keeps it (`no-store`: neither the browser's, a proxy's, nor the app's
 * service worker, which keeps the data-free shell), and no ETag to ask for it again by.
 */
async function sendPersonalPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = encodingFor(request.headers['accept-encoding']);
  const body = await encodedPage(html, encoding);
  reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding, cookie');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('text/html; charset=utf-8').send(body);
}

/**
 * Serves the built apps, with history fallback so every app route loads its app's HTML. Hashed
 * assets are sent as compressed at build time (scripts/compress-assets.mjs) and cached for a year;
 * the pages carry the campus configuration (html/app-page.ts).
 */
export default fp(
  async function client(app: FastifyInstance, opts: { root: string }) {
    const root = path.resolve(opts.root);
    const built = existsSync(path.join(root, 'index.html'));
    if (built && app.config.nodeEnv === 'production') {
      // Source maps give away the source: in production they are not served at all.
      // A plain hook with a cheap test first: it sees every request, API calls included.
      app.addHook('onRequest', function refuseSourceMaps(request, reply, done) {
        const url = request.url;
        if (!/\.map/i.test(url) || !/\.map$/i.test(url.split('?')[0] ?? '')) {
          done();
          return;
        }
        void reply.code(404).send({ detail: 'Not found.' });
      });
    }
    const site = { campus: app.config.campus, build: app.config.buildHash };
    const pages = new Map<string, AppPage>();
    // The portal pages' own code, fetched with a signed-in person's page (html/page-preloads.ts).
    const preloads = builtPagePreloads(manifestBeside(root));
    // The first screen drawn by the server (issue 75), when SERVER_RENDER is on and it is built.
    const renderer = built ? serverRenderer(app, root) : null;
    if (built) {
      for (const file of ['index.html', 'next-steps/index.html'] as const) {
        if (existsSync(path.join(root, file))) {
          pages.set(file, prepareAppPage(path.join(root, file), site));
        }
      }
      // The built files are everyone's (auth/access.ts): declared by the scope, as the library's
      // routes take no options of the portal's.
      await app.register(async (files) => {
        files.addHook('onRoute', declaring('public'));
        await files.register(fastifyStatic, {
          root,
          // One route for the folder, files found as they are asked for: `wildcard: false` globbed the
          // whole build at start (170 ms, a route per file); a path that is no file falls through to
          // the not-found handler below, which answers the app's page.
          wildcard: true,
          index: false,
          cacheControl: false,
          preCompressed: true,
          // The pages go through sendPage (configuration embedded), never as the raw built file; a
          // folder's path (`/next-steps/`) is an app path, which `send` would refuse with a 403.
          allowedPath: (pathname) => !pathname.endsWith('.html') && !pathname.endsWith('/'),
          setHeaders(res, filePath) {
            const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
            res.setHeader(
              'cache-control',
              hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
            // The same URL answers brotli, gzip or plain: a shared cache must keep them apart.
            res.setHeader('vary', 'accept-encoding');
          },
        });
      });
    }

    // Crawlers index none of it: the product is behind sign-in, the sign-in page is no landing page.
    app.get(
      '/robots.txt',
      { config: { access: 'public' }, schema: { hide: true } },
      async (_request, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .send(ROBOTS),
    );

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
      const page = pages.get(htmlFor(url));
      if (!page) {
        return reply
          .code(503)
          .send({ detail: 'The web apps are not built yet: run `npm run build`.' });
      }
      if (isNavigation(request)) {
        const pathname = url.split('?')[0] ?? '/';
        const portal = htmlFor(url) === 'index.html';
        const answers = await (
          portal
            ? firstAnswersFor(app, request, reply, pathname)
            : nextStepsFirstAnswersFor(app, request, reply)
        ).catch((err: unknown) => {
          request.log.warn({ err }, 'the first answers could not be read');
          return null;
        });
        if (answers) {
          const links = portal ? preloads.get(pathname.replace(/\/+$/, '') || '/') : undefined;
          const drawn = !renderer
            ? null
            : portal
              ? isServerRendered(pathname)
                ? await renderer.render(request, url, answers)
                : null
              : isNextStepsServerRendered(pathname)
                ? await renderer.renderNextSteps(request, url, answers)
                : null;
          const base = firstAnswersBase(pathname);
          const html = withFirstAnswers(page.html, drawn?.answers ?? answers, base, links);
          return sendPersonalPage(request, reply, drawn ? withServerRender(html, drawn) : html);
        }
      }
      return sendPage(request, reply, page);
    });
  },
  { name: 'client' },
);
