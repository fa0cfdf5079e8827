import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { minifiedTheme, withInlineTheme } from '../../../scripts/inline-theme.js';
import { createTestApp } from '../helpers/app.js';

const THEME_FILE = path.join(import.meta.dirname, '../../../public/theme.js');

/** A stand-in for the built apps: what matters here is the headers they are served with. */
function fakeClientDir(portalHead = '', nextStepsHead = '') {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
  mkdirSync(path.join(dir, 'next-steps'));
  const html = '<!doctype html><script type="module" src="/assets/app.js"></script>';
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><head>${portalHead}</head>${html}`);
  const nextSteps = nextStepsHead ? `<!doctype html><head>${nextStepsHead}</head>${html}` : html;
  writeFileSync(path.join(dir, 'next-steps', 'index.html'), nextSteps);
  return dir;
}

/** The portal page's critical styles, as scripts/critical-css.ts inlines them. */
const CRITICAL = '.skeleton__page{display:grid}[data-theme=dark]{color-scheme:dark}';

/** Every header the security plugin may set (besides the request id). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-powered-by',
  'x-xss-protection',
];

function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it.each(['/', '/academics', '/next-steps/', '/next-steps/task?show=done', '/auth/login'])(
    'the HTML answer of %s carries a CSP without unsafe-inline or unsafe-eval in script-src',
    async (url) => {
      app = await createTestApp({ clientDir: fakeClientDir() });
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      const csp = directives(response);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(String(response.headers['content-security-policy'])).not.toMatch(
        /unsafe-(inline|eval)/,
      );
    },
  );

  it('allows the inline critical styles of the portal page by the sha256 of their bytes, and nothing else inline', async () => {
    app = await createTestApp({ clientDir: fakeClientDir(`<style>${CRITICAL}</style>`) });
    const page = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    const blocks = [...page.body.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);
    expect(blocks).toEqual([CRITICAL]);
    expect(page.body).not.toMatch(/style="/);
    const hash = createHash('sha256')
      .update(blocks[0] ?? '', 'utf8')
      .digest('base64');
    expect(directives(page).get('style-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    // The same policy on every page, and still no inline script or unsafe source anywhere.
    for (const url of ['/next-steps/', '/auth/login']) {
      const other = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(directives(other).get('style-src')).toEqual(["'self'", `'sha256-${hash}'`]);
      expect(directives(other).get('script-src')).toEqual(["'self'"]);
      expect(String(other.headers['content-security-policy'])).not.toMatch(/unsafe-/);
    }
  });

  it('allows the inline theme script of both apps’ pages by the sha256 of the bytes the page carries (issue 87)', async () => {
    // The head as the build writes it: public/theme.js itself, minified, where its link stood.
    const head = withInlineTheme('<script src="/theme.js"></script>', minifiedTheme(THEME_FILE));
    app = await createTestApp({ clientDir: fakeClientDir(head, head) });
    for (const url of ['/', '/academics', '/next-steps/', '/auth/login']) {
      const page = await app.inject({ url, headers: { accept: 'text/html' } });
      const sources = directives(page).get('script-src') ?? [];
      expect(sources).toHaveLength(2);
      expect(String(page.headers['content-security-policy'])).not.toMatch(/unsafe-/);
      if (url === '/auth/login') continue;
      const inline = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(inline).toHaveLength(1);
      expect(inline[0]).toContain('campus-portal.theme');
      const hash = createHash('sha256')
        .update(inline[0] ?? '', 'utf8')
        .digest('base64');
      expect(sources).toEqual(["'self'", `'sha256-${hash}'`]);
    }
  });

  it('allows no inline script when the built pages have none, and never a data block', async () => {
    const data = '<script type="application/json" id="x">{}</script>';
    app = await createTestApp({ clientDir: fakeClientDir(data) });
    const page = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(directives(page).get('script-src')).toEqual(["'self'"]);
  });

  it('allows no inline style at all when the built pages have none', async () => {
    app = await createTestApp({ clientDir: fakeClientDir() });
    const page = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(directives(page).get('style-src')).toEqual(["'self'"]);
  });

  it('sends nosniff, a Referrer-Policy that keeps Origin on our own posts, and denies framing', async () => {
    app = await createTestApp();
    const response = await app.inject({ url: '/api/status' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
    });
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('an API answer forbids everything as a document and drops the page-only headers', async () => {
    app = await createTestApp();
    const response = await app.inject({ url: '/api/status' });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
    const page = await app.inject({ url: '/auth/login' });
    expect(directives(page).get('default-src')).toEqual(["'self'"]);
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
  });

  it('sends HSTS in production only, and upgrades insecure requests there', async () => {
    app = await createTestApp();
    const development = await app.inject({ url: '/healthz' });
    expect(development.headers['strict-transport-security']).toBeUndefined();
    expect(directives(development).has('upgrade-insecure-requests')).toBe(false);
    await app.close();

    app = await createTestApp({ env: { NODE_ENV: 'production', DEMO_SIGN_IN: '1' } });
    const production = await app.inject({ url: '/healthz' });
    expect(production.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(directives(production).has('upgrade-insecure-requests')).toBe(true);
  });

  it('sends the same security headers as always: the whole page set, and the API set without the page-only ones', async () => {
    app = await createTestApp({ env: { NODE_ENV: 'production', DEMO_SIGN_IN: '1' } });
    const both = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    const security = (response: LightMyRequestResponse) =>
      Object.fromEntries(
        Object.entries(response.headers).filter(([name]) => SECURITY_HEADERS.includes(name)),
      );
    const page = await app.inject({ url: '/auth/login' });
    expect(security(page)).toEqual({
      ...both,
      'content-security-policy': [
        "default-src 'self'",
        "base-uri 'self'",
        "script-src 'self'",
        "script-src-attr 'none'",
        "style-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "media-src 'self' https:",
        "frame-src 'self' https://www.youtube-nocookie.com",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        'upgrade-insecure-requests',
      ].join(';'),
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    const api = await app.inject({ url: '/api/status' });
    expect(security(api)).toEqual({
      ...both,
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    // An API path no route answers gets the API set too.
    const missing = await app.inject({ url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(security(missing)).toEqual(security(api));
  });

  it("a route's own header replaces the common one: the calendar feed sends no referrer", async () => {
    app = await createTestApp();
    const feed = await app.inject({ url: '/calendar/no-such-feed.ics' });
    expect(feed.headers['referrer-policy']).toBe('no-referrer');
    expect(feed.headers['x-frame-options']).toBe('DENY');
  });

  it('serves the sign-in stylesheet from this origin, so the page needs no inline style', async () => {
    app = await createTestApp();
    const page = await app.inject({ url: '/auth/login' });
    expect(page.body).not.toMatch(/<style|style="/);
    expect(page.body).toMatch(/<link rel="stylesheet" href="\/auth\/sign-in\.css"\/?>/);
    const css = await app.inject({ url: '/auth/sign-in.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });
});
