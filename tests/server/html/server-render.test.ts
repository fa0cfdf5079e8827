import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { SCRIPTS_AFTER_PAINT_ID } from '../../../contract/server-render.js';
import { withDrawnStyles, withScriptsAfterPaint } from '../../../server/html/drawn-head.js';
import { createTestApp, signIn } from '../helpers/app.js';
import {
  DIST,
  NAVIGATION,
  builtWith,
  drawnBlock,
  openDrawn,
  renderCount,
  rootText,
  startDrawing as start,
  startWithBundles,
} from './drawn-pages.js';

const built = builtWith('portal-render.js');

let app: FastifyInstance;
afterEach(async () => app?.close());

describe.skipIf(!built)("the portal's first screen drawn by the server (issue 75)", () => {
  it("a student's dashboard arrives drawn: their greeting, today's classes and their next task are in the HTML, for them alone and no cache", async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    // The process's first render loads the bundle and warms the API's caches: it may go undrawn.
    await app.inject({ url: '/', headers: { ...NAVIGATION, cookie } });
    const page = await app.inject({ url: '/', headers: { ...NAVIGATION, cookie } });
    expect(page.statusCode).toBe(200);
    const text = rootText(page.body);
    expect(text).toContain('Hello Ana');
    expect(text).toContain("Today's Classes");
    expect(text).toContain('Upcoming Tasks');
    expect(text).toContain('Submit your FAFSA');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.etag).toBeUndefined();
    expect(page.headers.vary).toContain('cookie');
    // The hydration's block, and one executable inline script, the theme's (issue 87), which the
    // page's CSP allows by the hash of its bytes.
    expect(drawnBlock(page.body)?.getAttribute('type')).toBe('application/json');
    const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    const executable = inline.filter(([, a = '']) => !a.includes('type="application/json"'));
    expect(executable).toHaveLength(1);
    expect(executable[0]?.[2]).toContain('campus-portal.theme');
    const hash = createHash('sha256')
      .update(executable[0]?.[2] ?? '', 'utf8')
      .digest('base64');
    expect(String(page.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    expect(await renderCount(app, 'rendered')).toBeGreaterThanOrEqual(1);
    // Its scripts wait in a template for the first paint: the HTML itself asks for none of them.
    const drawnWindow = new JSDOM(page.body).window;
    const held = drawnWindow.document?.getElementById(SCRIPTS_AFTER_PAINT_ID);
    expect(held).toBeInstanceOf(drawnWindow.HTMLTemplateElement);
    const waiting = held instanceof drawnWindow.HTMLTemplateElement ? held.content : null;
    expect(waiting?.querySelector('script[type="module"][src^="/assets/portal-"]')).not.toBeNull();
    expect(waiting?.querySelectorAll('link[rel="modulepreload"]').length).toBeGreaterThan(0);
    expect(
      drawnWindow.document?.querySelectorAll('script[type="module"], link[rel="modulepreload"]'),
    ).toHaveLength(0);
  }, 60_000);

  it('two people rendered at the same time each get their own page, never the other’s data', async () => {
    app = await start();
    const ana = await signIn(app, 'student');
    const jordan = await signIn(app, 'new-student');
    const morgan = await signIn(app, 'staff');
    const pages = await Promise.all(
      [ana, jordan, morgan, ana, jordan, morgan].map(({ cookie }) =>
        app.inject({ url: '/', headers: { ...NAVIGATION, cookie } }),
      ),
    );
    const texts = pages.map((p) => rootText(p.body));
    const names = ['Hello Ana', 'Hello Jordan', 'Hello Morgan'];
    texts.forEach((text, i) => {
      const own = names[i % 3] ?? '';
      expect(text, own).toContain(own);
      for (const other of names.filter((n) => n !== own)) expect(text, own).not.toContain(other);
    });
    // Each page carries its own person's record.
    expect(pages[0]?.body).not.toContain(jordan.token);
    expect(pages[1]?.body).not.toContain(ana.token);
  }, 120_000);

  it('in Spanish the server draws Spanish, and the page says so', async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const page = await app.inject({
      url: '/',
      headers: { ...NAVIGATION, cookie, 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(rootText(page.body)).toContain('Hola, Ana');
    expect(page.body).toMatch(/<html lang="es"/);
    // Its note that buttons and forms need the scripts, in Spanish, last in `#root`: the scripts
    // remove it before they take the page over.
    expect(page.body).toMatch(
      /<p id="scripts-note-text" class="scripts-note" role="note">Algunos botones y formularios de esta página necesitan sus scripts[^<]*<\/p><\/div><\/div>/,
    );
  }, 60_000);

  it('draws a phone’s layout when the browser said it is narrow or never said, and the two columns when it said wide, saying which on <html>', async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    await app.inject({ url: '/', headers: { ...NAVIGATION, cookie } });
    const unknown = await app.inject({ url: '/', headers: { ...NAVIGATION, cookie } });
    expect(rootText(unknown.body)).toContain('Hello Ana');
    expect(unknown.body).toContain('dashboard__today');
    expect(unknown.body).toMatch(/<html [^>]*data-drawn="0"/);
    const narrow = await app.inject({
      url: '/',
      headers: { ...NAVIGATION, cookie: `${cookie}; portal_wide=0` },
    });
    expect(narrow.body).toMatch(/<html [^>]*data-drawn="0"/);
    const wide = await app.inject({
      url: '/',
      headers: { ...NAVIGATION, cookie: `${cookie}; portal_wide=1` },
    });
    expect(drawnBlock(wide.body)).not.toBeNull();
    expect(wide.body).toMatch(/<html [^>]*data-drawn="1"/);
    expect(wide.body).toContain('dashboard__columns');
    expect(wide.body).not.toContain('dashboard__today');
    expect(rootText(wide.body)).toContain('Hello Ana');
  }, 60_000);

  it("a student's Academics arrives drawn and shown: the term, their grades and their program are in the HTML, in their theme, not under a loading line", async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const headers = { ...NAVIGATION, cookie: `${cookie}; campus-portal-theme=dark` };
    const page = await openDrawn(app, '/academics', headers);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(drawnBlock(page.body)?.getAttribute('type')).toBe('application/json');
    const text = rootText(page.body);
    expect(text).toContain('Academics');
    expect(text).toContain('Fall 2026');
    expect(text).toContain('Grades');
    expect(text).toContain('Mind and Brain');
    expect(text).toContain('Computer Science');
    expect(text).not.toContain('Hello Ana');
    expect(page.body).toMatch(/<html lang="en" data-theme="dark"/);
    // The attendance warnings had answered as the server drew, so the page below them shows: not
    // hidden under "Loading…" until the browser's scripts run.
    const { document } = new JSDOM(page.body).window;
    expect(document?.querySelector('.academics__body')?.hasAttribute('hidden')).toBe(false);
    expect(document?.querySelector('.page.academics > .loading')).toBeNull();
  }, 60_000);

  it('in Spanish the server draws Academics in Spanish', async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const headers = { ...NAVIGATION, cookie, 'accept-language': 'es-MX,es;q=0.9' };
    const page = await openDrawn(app, '/academics', headers);
    const text = rootText(page.body);
    expect(text).toContain('Estudios');
    expect(text).toContain('Calificaciones');
    expect(text).toContain('Mind and Brain');
    expect(page.body).toMatch(/<html lang="es"/);
  }, 60_000);

  it("a student's Messages arrives drawn: their unread messages, the count and each one's Mark read, in the HTML", async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const headers = { ...NAVIGATION, cookie };
    const page = await openDrawn(app, '/messages', headers);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(drawnBlock(page.body)).not.toBeNull();
    const text = rootText(page.body);
    expect(text).toMatch(/\d+ unread/);
    expect(text).toContain('Your advisor left you a note');
    expect(text).toContain('Mark all read');
    expect(text).not.toContain('Hello Ana');
  }, 60_000);

  it('in Spanish the server draws Messages in Spanish', async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const headers = { ...NAVIGATION, cookie, 'accept-language': 'es' };
    const page = await openDrawn(app, '/messages', headers);
    expect(drawnBlock(page.body)).not.toBeNull();
    expect(rootText(page.body)).toMatch(/Mensajes/);
    expect(page.body).toMatch(/<html lang="es"/);
  }, 60_000);

  it("a student's Account arrives drawn: their card, holds and settings in the HTML, what only the device knows in its first state", async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const headers = { ...NAVIGATION, cookie };
    const page = await openDrawn(app, '/account', headers);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(drawnBlock(page.body)).not.toBeNull();
    const text = rootText(page.body);
    expect(text).toContain('Ana Valencia');
    expect(text).toContain('Registration Hold');
    expect(text).toContain('Communication preferences');
    // Web push is the device's to tell: drawn as it first shows, checked by the browser.
    expect(text).toContain('Checking this device…');
  }, 60_000);

  it('portal.md §9: Account is drawn with the profile open for a screen the browser said is 1200 px or wider, closed below', async () => {
    app = await start();
    const { cookie } = await signIn(app, 'student');
    const drawnAt = async (width: string) => {
      const headers = { ...NAVIGATION, cookie: `${cookie}; portal_wide=${width}` };
      return (await openDrawn(app, '/account', headers)).body;
    };
    const wide = await drawnAt('2');
    expect(wide).toMatch(/<html [^>]*data-drawn="2"/);
    expect(rootText(wide)).toContain('Hide profile info');
    const laptop = await drawnAt('1');
    expect(laptop).toMatch(/<html [^>]*data-drawn="1"/);
    expect(rootText(laptop)).toContain('Show profile info');
  }, 60_000);

  it('a signed-out request gets the page undrawn, as before', async () => {
    app = await start();
    const page = await app.inject({ url: '/', headers: NAVIGATION });
    expect(drawnBlock(page.body)).toBeNull();
    expect(rootText(page.body)).not.toContain('Hello');
    expect(page.headers['cache-control']).toBe('no-cache');
  }, 30_000);

  it('SERVER_RENDER is on by default: the signed-in page arrives drawn', async () => {
    app = await createTestApp({
      clientDir: path.join(DIST, 'client'),
      env: { SERVER_RENDER_MS: '20000' },
    });
    const { cookie } = await signIn(app, 'student');
    const page = await openDrawn(app, '/', { ...NAVIGATION, cookie });
    expect(drawnBlock(page.body)).not.toBeNull();
    expect(rootText(page.body)).toContain('Hello Ana');
  }, 30_000);

  it('SERVER_RENDER=off sends the signed-in page undrawn, with its first answers', async () => {
    app = await start({ SERVER_RENDER: 'off' });
    const { cookie } = await signIn(app, 'student');
    const page = await app.inject({ url: '/', headers: { ...NAVIGATION, cookie } });
    expect(drawnBlock(page.body)).toBeNull();
    expect(rootText(page.body)).not.toContain('Hello Ana');
    expect(page.body).toContain('id="first-answers"');
  }, 30_000);
});

describe('a server render that fails (issue 75)', () => {
  it('sends the client-rendered page, never a 500, and counts the fallback in /metrics', async () => {
    // A render whose component throws, as the real bundle's would.
    app = await startWithBundles({
      'portal-render.js':
        'export async function renderPortal() { throw new Error("a component threw"); }\n',
    });
    const { cookie } = await signIn(app, 'student');
    const page = await app.inject({ url: '/', headers: { ...NAVIGATION, cookie } });
    expect(page.statusCode).toBe(200);
    expect(rootText(page.body)).toContain('skeleton');
    expect(drawnBlock(page.body)).toBeNull();
    expect(page.body).toContain('id="first-answers"');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(await renderCount(app, 'fallback')).toBe(1);
    expect(await renderCount(app, 'rendered')).toBe(0);
  }, 30_000);
});

describe("a drawn page's styles (issue 75)", () => {
  const built = [
    '<html><head>',
    '    <style>.skeleton__page{}</style>',
    '  <link rel="modulepreload" crossorigin href="/assets/academics.js">',
    '<link rel="preload" as="style" crossorigin href="/assets/academics.css">',
    '</head><body><div id="root"></div>',
    '    <link rel="stylesheet" crossorigin href="/assets/portal.css">',
    '</body></html>',
  ].join('\n');

  it('applies every stylesheet in the head, before the drawn page first paints, the page’s own first as the browser’s code adds it', () => {
    const page = withDrawnStyles(built);
    const head = page.slice(0, page.indexOf('</head>'));
    const body = page.slice(page.indexOf('<body>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/portal.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/academics.css">');
    expect(head.indexOf('academics.css')).toBeLessThan(head.indexOf('portal.css'));
    expect(page).not.toContain('rel="preload" as="style"');
    expect(body).not.toContain('<link');
    expect(page).toContain('<style>.skeleton__page{}</style>');
  });

  it('leaves a page without stylesheets as it is', () => {
    const page = '<html><head></head><body><div id="root"></div></body></html>';
    expect(withDrawnStyles(page)).toBe(page);
  });
});

describe("a drawn page's scripts (issue 75)", () => {
  const built = [
    '<html><head>',
    '    <script src="/theme.js"></script>',
    '    <script type="module" crossorigin src="/assets/portal.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/vendor.js">',
    '  <link rel="modulepreload" crossorigin href="/assets/academics.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/portal.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');

  it('are held in a template at the foot of the head, in their order, and the rest of the page is as it was', () => {
    const page = withScriptsAfterPaint(built);
    const held = new RegExp(
      `<template id="${SCRIPTS_AFTER_PAINT_ID}">([\\s\\S]*?)</template>`,
    ).exec(page);
    const inside = held?.[1] ?? '';
    expect(inside.match(/src="[^"]+"|href="[^"]+"/g)).toEqual([
      'src="/assets/portal.js"',
      'href="/assets/vendor.js"',
      'href="/assets/academics.js"',
    ]);
    const outside = page.replace(held?.[0] ?? '', '');
    expect(outside).not.toMatch(/type="module"|modulepreload/);
    expect(outside).toContain('<script src="/theme.js"></script>');
    expect(outside).toContain('<link rel="stylesheet" crossorigin href="/assets/portal.css">');
    expect(page.indexOf('<template')).toBeLessThan(page.indexOf('</head>'));
  });

  it('leaves a page without module scripts as it is', () => {
    const page = '<html><head><script src="/theme.js"></script></head><body></body></html>';
    expect(withScriptsAfterPaint(page)).toBe(page);
  });
});
