import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_MODULES, pagePreloads } from '../../../server/html/page-preloads.js';
import { createTestApp, signIn } from '../helpers/app.js';

/** A build's manifest, as Vite writes it: the entry, one page with a chunk of its own and styles. */
const MANIFEST = {
  'index.html': { file: 'assets/portal-1.js', imports: ['_vendor.js', '_shared.js'] },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  '_shared.js': { file: 'assets/shared-1.js', imports: ['_vendor.js'] },
  '_reads.js': { file: 'assets/reads-1.js', imports: ['_shared.js'] },
  'src/pages/portal/academics/academics-container.tsx': {
    file: 'assets/academics-container-1.js',
    imports: ['_vendor.js', 'index.html', '_reads.js'],
    css: ['assets/academics-container-1.css'],
  },
  // A page all of whose code the first route already loads.
  'src/pages/portal/search/search-container.tsx': {
    file: 'assets/search-container-1.js',
    imports: ['_shared.js'],
  },
};
MANIFEST['index.html'].imports.push('src/pages/portal/search/search-container.tsx');

/** The module links of a page, in order. */
const linksOf = (html: string) =>
  [
    ...html.matchAll(
      /<link rel="(modulepreload|preload)"(?: as="style")? crossorigin href="([^"]+)">/g,
    ),
  ].map(([, rel, href]) => `${rel} ${href}`);

describe("a portal page's own code is fetched with a signed-in person's page (issue 63)", () => {
  it('names the page chunk, the chunks it imports that the first route does not, and its styles', () => {
    const links = pagePreloads(MANIFEST);
    expect(linksOf(links.get('/academics') ?? '')).toEqual([
      'modulepreload /assets/academics-container-1.js',
      'preload /assets/academics-container-1.css',
      'modulepreload /assets/reads-1.js',
    ]);
    // Nothing of the first route's, and nothing at all for a page the first route holds.
    expect(links.get('/search')).toBeUndefined();
  });

  it('every page module named is one the portal routes load for that path', () => {
    const routes = readFileSync('src/routes/portal/page-routes.ts', 'utf8');
    for (const [pathname, source] of Object.entries(PAGE_MODULES)) {
      const imported = source.replace(/^src\//, '../../').replace(/\.tsx$/, '.js');
      expect(routes, source).toContain(`import('${imported}')`);
      expect(routes, pathname).toContain(`path: '${pathname}'`);
    }
  });
});

describe('the page links on the server', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  function built(folder = 'client', manifestName = 'bundle-manifest.json') {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-preloads-'));
    const client = path.join(dir, folder);
    mkdirSync(path.join(client, 'next-steps'), { recursive: true });
    const page = '<!doctype html><html><head><title>t</title></head><body></body></html>';
    writeFileSync(path.join(client, 'index.html'), page);
    writeFileSync(path.join(client, 'next-steps', 'index.html'), page);
    writeFileSync(path.join(dir, manifestName), JSON.stringify(MANIFEST));
    return client;
  }
  const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

  it("are in a signed-in person's Academics page, with a trailing slash too, and in no other page or a signed-out one", async () => {
    app = await createTestApp({ clientDir: built() });
    const { cookie } = await signIn(app, 'student');
    for (const url of ['/academics', '/academics/']) {
      const page = await app.inject({ url, headers: { ...NAVIGATION, cookie } });
      expect(linksOf(page.body), url).toContain('modulepreload /assets/academics-container-1.js');
    }
    const other = await app.inject({ url: '/finances', headers: { ...NAVIGATION, cookie } });
    expect(linksOf(other.body)).toEqual([]);
    const signedOut = await app.inject({ url: '/academics', headers: NAVIGATION });
    expect(linksOf(signedOut.body)).toEqual([]);
  });

  it("name the served build's own chunks: a server serving the demo build reads the demo build's manifest, not the main build's", async () => {
    const client = built('demo-client', 'demo-client-manifest.json');
    // The main build's manifest beside it names other chunks; the demo build's are the ones served.
    writeFileSync(
      path.join(client, '..', 'bundle-manifest.json'),
      JSON.stringify({
        ...MANIFEST,
        [PAGE_MODULES['/academics'] ?? '']: { file: 'assets/other.js' },
      }),
    );
    app = await createTestApp({ clientDir: client });
    const { cookie } = await signIn(app, 'student');
    const page = await app.inject({ url: '/academics', headers: { ...NAVIGATION, cookie } });
    expect(linksOf(page.body)).toContain('modulepreload /assets/academics-container-1.js');
    expect(linksOf(page.body)).not.toContain('modulepreload /assets/other.js');
  });
});
