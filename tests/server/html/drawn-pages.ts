import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { SERVER_RENDER_ID } from '../../../contract/first-answers.rules.js';
import { createTestApp } from '../helpers/app.js';

/** What the server render's tests (issue 75) share: the build, the page's parts, the metrics. */

/** The headers a browser sends when it opens a page. */
export const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };
export const DIST = path.resolve(import.meta.dirname, '../../../dist');
/** Whether the build holds a server render's bundle (`npm run build`: dist/client and dist/ssr). */
export const builtWith = (bundle: string) => existsSync(path.join(DIST, 'ssr', bundle));
const METRICS_TOKEN = 'a-metrics-token-for-tests';

/** `#root`'s text, its white space folded. */
export const rootText = (html: string) => {
  const { document } = new JSDOM(html).window;
  return document?.getElementById('root')?.textContent?.replace(/\s+/g, ' ') ?? '';
};

/** The drawn page's hydration block, or null for a page sent undrawn. */
export const drawnBlock = (html: string) =>
  new JSDOM(html).window.document?.getElementById(SERVER_RENDER_ID) ?? null;

/**
 * A page as a browser opens it, asked twice: a process's first render loads the bundle and warms
 * the API's caches, and may go out undrawn.
 */
export async function openDrawn(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
) {
  await app.inject({ url, headers });
  return app.inject({ url, headers });
}

/** A server of the real build that draws its pages. */
export const startDrawing = (env: Record<string, string> = {}) =>
  createTestApp({
    clientDir: path.join(DIST, 'client'),
    // A shared test machine is slower than a server: the render's time is not what is tested.
    env: { METRICS_TOKEN, SERVER_RENDER: 'on', SERVER_RENDER_MS: '20000', ...env },
  });

/**
 * A server of a built tree whose render bundles are the given sources (a failing one, say), and
 * whose pages are a one-line skeleton.
 */
export function startWithBundles(bundles: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'server-render-'));
  const client = path.join(dir, 'client');
  mkdirSync(path.join(client, 'next-steps'), { recursive: true });
  const shell =
    '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"><p>skeleton</p></div></body></html>';
  writeFileSync(path.join(client, 'index.html'), shell);
  writeFileSync(path.join(client, 'next-steps', 'index.html'), shell);
  mkdirSync(path.join(dir, 'ssr'));
  for (const [file, source] of Object.entries(bundles)) {
    writeFileSync(path.join(dir, 'ssr', file), source);
  }
  if (existsSync(path.join(DIST, 'bundle-manifest.json')))
    cpSync(path.join(DIST, 'bundle-manifest.json'), path.join(dir, 'bundle-manifest.json'));
  return createTestApp({ clientDir: client, env: { METRICS_TOKEN, SERVER_RENDER: 'on' } });
}

/** How many renders `/metrics` counts with this outcome (rendered, fallback). */
export async function renderCount(app: FastifyInstance, outcome: string): Promise<number> {
  const metrics = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = metrics.body
    .split('\n')
    .find(
      (l) =>
        l.startsWith('portal_server_render_duration_seconds_count') &&
        l.includes(`outcome="${outcome}"`),
    );
  return Number(line?.split(' ')[1] ?? 0);
}
