import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { siteSchema } from '../../../contract/campus.schema.js';
import { encodingFor } from '../../../server/html/app-page.js';
import { createTestApp } from '../helpers/app.js';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const PAGE = `<!doctype html><html><head><title>t</title></head><body><div id="root"><a data-product-name class="sidebar__logo">Campus Portal</a></div></body></html>`;

function builtApps() {
  const dir = mkdtempSync(path.join(tmpdir(), 'client-'));
  mkdirSync(path.join(dir, 'next-steps'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), PAGE);
  writeFileSync(path.join(dir, 'next-steps', 'index.html'), PAGE);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  return dir;
}

let app: FastifyInstance;
afterEach(async () => app.close());

describe('serving the built apps', () => {
  it('sends a hashed asset as compressed at build time, cached for a year', async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const br = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('never lets a page be reused without asking: no-cache with an ETag, 304 when unchanged', async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const first = await app.inject({ url: '/academics' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/academics', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('the page carries the campus configuration and the build, which the app would otherwise fetch', async () => {
    app = await createTestApp({ clientDir: builtApps(), env: { BUILD_HASH: 'abc1234' } });
    for (const url of ['/', '/next-steps/task/']) {
      const page = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers['content-encoding']).toBe('gzip');
      const html = gunzipSync(page.rawPayload).toString();
      const json = /<script type="application\/json" id="campus-config">(.*?)<\/script>/.exec(html);
      const site = siteSchema.parse(JSON.parse(json?.[1] ?? 'null'));
      expect(site.build).toBe('abc1234');
      expect(site).toEqual((await app.inject({ url: '/api/campus' })).json());
    }
  });

  it('the raw built HTML is never served in place of the page with its configuration', async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const page = await app.inject({ url: '/index.html' });
    expect(page.body).toContain('id="campus-config"');
  });

  it("answers the app's page for any app path, folders of the build included, and 404 for a missing asset or API path", async () => {
    app = await createTestApp({ clientDir: builtApps() });
    for (const url of [
      '/academics/grades',
      '/next-steps',
      '/next-steps/',
      '/next-steps/index.html',
      '/assets',
    ]) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain('id="campus-config"');
    }
    const head = await app.inject({ method: 'HEAD', url: '/academics' });
    expect(head.statusCode).toBe(200);
    for (const url of [
      '/assets/app-gone.js',
      '/api/nothing-here',
      '/next-steps/api/nothing-here',
    ]) {
      const missing = await app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toHaveProperty('detail');
    }
  });

  it('robots.txt disallows indexing the signed-in product', async () => {
    app = await createTestApp({ clientDir: builtApps() });
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*\nDisallow: \/\n$/);
  });
});

describe('choosing an encoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(encodingFor('gzip, deflate, br')).toBe('br');
    expect(encodingFor('gzip, br;q=0')).toBe('gzip');
    expect(encodingFor('identity')).toBe('identity');
    expect(encodingFor(undefined)).toBe('identity');
  });
});
