import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAWN_FOR_ANY_WIDTH } from '../../../contract/server-render.js';
import { signIn } from '../helpers/app.js';
import {
  NAVIGATION,
  builtWith,
  drawnBlock,
  renderCount,
  rootText,
  startDrawing as start,
  startWithBundles,
} from './drawn-pages.js';

const built = builtWith('next-steps-render.js');

let app: FastifyInstance;
afterEach(async () => app?.close());

/** A page's links, by their address. */
const linksOf = (html: string) =>
  [...(new JSDOM(html).window.document?.querySelectorAll('#root a[href]') ?? [])].map((a) => ({
    href: a.getAttribute('href') ?? '',
    text: a.textContent ?? '',
  }));

/** The page the server sends now; the process's first render may be a cold one, sent undrawn. */
async function drawnPage(
  cookie: string,
  url = '/next-steps/',
  headers: Record<string, string> = {},
) {
  for (let attempt = 0; ; attempt += 1) {
    const page = await app.inject({ url, headers: { ...NAVIGATION, cookie, ...headers } });
    if (drawnBlock(page.body) || attempt === 2) return page;
  }
}

describe.skipIf(!built)("Next Steps' task list drawn by the server (issue 75)", () => {
  it("a student's list arrives drawn: their tasks' titles are in the HTML, for them alone and no cache", async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const page = await drawnPage(cookie);
    expect(page.statusCode).toBe(200);
    const text = rootText(page.body);
    expect(text).toContain('Up Next');
    expect(text).toContain('Submit your FAFSA');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.etag).toBeUndefined();
    // The hydration's block, and one executable inline script, the theme's (issue 87), which the
    // page's CSP allows by the hash of its bytes.
    expect(drawnBlock(page.body)?.getAttribute('type')).toBe('application/json');
    const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    const executable = inline.filter(([, a = '']) => !a.includes('type="application/json"'));
    expect(executable).toHaveLength(1);
    const hash = createHash('sha256')
      .update(executable[0]?.[2] ?? '', 'utf8')
      .digest('base64');
    expect(String(page.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    // Drawn for any width: nothing for public/theme.js to hide, but drawn (its presses held).
    expect(page.body).toMatch(new RegExp(`<html [^>]*data-drawn="${DRAWN_FOR_ANY_WIDTH}"`));
  }, 60_000);

  it("the list's links are real links: the header's screens and each task open by their address", async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const page = await drawnPage(cookie);
    const hrefs = linksOf(page.body).map((link) => link.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/next-steps/task', '/next-steps/preferences']));
    expect(hrefs.some((href) => /^\/next-steps\/task\/\d+/.test(href))).toBe(true);
  }, 60_000);

  it("a task's page arrives drawn: its title as the page's heading, beside the list", async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const list = await drawnPage(cookie);
    const href =
      linksOf(list.body).find(
        (link) =>
          /^\/next-steps\/task\/\d+/.test(link.href) && link.text.includes('Submit your FAFSA'),
      )?.href ?? '';
    expect(href).toMatch(/^\/next-steps\/task\/\d+/);
    const page = await drawnPage(cookie, href);
    expect(drawnBlock(page.body)).not.toBeNull();
    const heading = new JSDOM(page.body).window.document?.querySelector('#root article h2');
    expect(heading?.textContent).toContain('Submit your FAFSA');
    expect(page.headers['cache-control']).toBe('private, no-store');
  }, 60_000);

  it('two people rendered at the same time each get their own list, never the other’s tasks', async () => {
    app = await start();
    const ana = await signIn(app, 'student');
    const jordan = await signIn(app, 'new-student');
    // Warm: the process's first render loads the bundle.
    await drawnPage(ana.cookie);
    const veteran = 'Certify your veteran education benefits';
    const pages = await Promise.all(
      [ana, jordan, ana, jordan, ana, jordan].map(({ cookie }) =>
        app.inject({ url: '/next-steps/', headers: { ...NAVIGATION, cookie } }),
      ),
    );
    pages.forEach((page, i) => {
      const text = rootText(page.body);
      expect(drawnBlock(page.body), `page ${i}`).not.toBeNull();
      if (i % 2 === 0) expect(text).not.toContain(veteran);
      else expect(text).toContain(veteran);
    });
    // Each page carries its own person's record, token and all.
    expect(pages[0]?.body).toContain(ana.token);
    expect(pages[0]?.body).not.toContain(jordan.token);
    expect(pages[1]?.body).toContain(jordan.token);
    expect(pages[1]?.body).not.toContain(ana.token);
  }, 120_000);

  it('in Spanish the server draws Spanish, and the page says so', async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const page = await drawnPage(cookie, '/next-steps/', { 'accept-language': 'es-MX,es;q=0.9' });
    expect(rootText(page.body)).toContain('Próximas');
    expect(page.body).toMatch(/<html lang="es"/);
  }, 60_000);

  it('a signed-out request is sent to sign in, as before', async () => {
    app = await start();
    const page = await app.inject({ url: '/next-steps/', headers: NAVIGATION });
    expect(drawnBlock(page.body)).toBeNull();
    expect(rootText(page.body)).not.toContain('Submit your FAFSA');
  }, 30_000);

  it('SERVER_RENDER=off sends the list undrawn, with its first answers', async () => {
    app = await start({ SERVER_RENDER: 'off' });
    const { cookie } = await signIn(app, 'student');
    const page = await app.inject({ url: '/next-steps/', headers: { ...NAVIGATION, cookie } });
    expect(drawnBlock(page.body)).toBeNull();
    expect(rootText(page.body)).not.toContain('Submit your FAFSA');
    expect(page.body).toContain('id="first-answers"');
  }, 30_000);
});

describe('a Next Steps server render that fails (issue 75)', () => {
  /** A built tree whose Next Steps render is `source` (the portal's is never asked). */
  const startWith = (source: string) =>
    startWithBundles({
      'portal-render.js': 'export async function renderPortal() {}\n',
      'next-steps-render.js': source,
    });

  for (const [what, source] of [
    [
      'a render that throws',
      'export async function renderNextSteps() { throw new Error("a component threw"); }\n',
    ],
    [
      'a component that threw inside a boundary (React left its part to the browser)',
      'export async function renderNextSteps({ answers }) { return { html: "<main><!--$!--><template></template><!--/$--></main>", answers, portalAnswers: {}, snapshots: {} }; }\n',
    ],
  ] as const) {
    it(`${what} sends the client-rendered list, never a 500, and counts the fallback in /metrics`, async () => {
      app = await startWith(source);
      const { cookie } = await signIn(app, 'student');
      const page = await app.inject({ url: '/next-steps/', headers: { ...NAVIGATION, cookie } });
      expect(page.statusCode).toBe(200);
      expect(rootText(page.body)).toContain('skeleton');
      expect(drawnBlock(page.body)).toBeNull();
      expect(page.body).toContain('id="first-answers"');
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(await renderCount(app, 'fallback')).toBe(1);
      expect(await renderCount(app, 'rendered')).toBe(0);
    }, 30_000);
  }
});
