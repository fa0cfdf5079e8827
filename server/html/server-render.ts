import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Site } from '../../contract/campus.schema.js';
import {
  NEXT_STEPS_FIRST,
  SERVER_RENDERED_PATHS,
  SERVER_RENDER_ID,
  WIDE_COOKIE,
  widthClassOf,
} from '../../contract/first-answers.rules.js';
import type { WidthClass } from '../../contract/first-answers.rules.js';
import type { Language } from '../../contract/language.schema.js';
import { nextStepsUserListSchema } from '../../contract/next-steps/user.schema.js';
import { DRAWN_FOR_ANY_WIDTH, SCRIPTS_NOTE_ID } from '../../contract/server-render.js';
import type { NextStepsRenderModule, PortalRenderModule } from '../../contract/server-render.js';
import { userSchema } from '../../contract/user.schema.js';
import { formCsrfOf } from '../plugins/session-tokens.js';
import { sanitizeContentHtml } from '../content/sanitize.js';
import { DEMO_COOKIE } from '../demo/demo-mode.js';
import { requestLanguage } from '../i18n/request-language.js';
import { sayIn } from '../i18n/said.js';
import type { Said } from '../i18n/said.js';
import { escapeHtml, jsonForHtml } from './app-page.js';
import { withDrawnStyles, withScriptsAfterPaint } from './drawn-head.js';
import { themeOf } from './theme.js';

/** What a drawn page adds to the built one. */
export interface ServerRendered {
  /** `#root`'s content. */
  html: string;
  /** The first answers to carry: the page's, and every other the render read. */
  answers: Record<string, unknown>;
  /** The block the browser's hydration starts from, and `<html>`'s language and theme. */
  block: string;
  language: Language;
  theme: 'light' | 'dark' | undefined;
  /** The width class the page was drawn for (`<html data-drawn>`); null: a page of any width. */
  width: WidthClass | null;
}

/**
 * The person's own API, asked from inside the server (`inject`) with their request's cookie: the
 * render's calls get what the browser's would, through the same routes, guards and caches. Only
 * reads: a render changes nothing.
 */
const apiAsPerson =
  (app: FastifyInstance, request: FastifyRequest): typeof fetch =>
  async (input, init) => {
    const asked = new Request(input, init);
    if (asked.method !== 'GET') throw new Error('A server render only reads');
    const url = new URL(asked.url);
    const answer = await app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: {
        accept: 'application/json',
        cookie: request.headers.cookie ?? '',
        'accept-language': request.headers['accept-language'] ?? '',
        ...(asked.headers.get('authorization')
          ? { authorization: asked.headers.get('authorization') ?? '' }
          : {}),
      },
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };

/**
 * The width class to draw for (the dashboard's columns, Account's profile open): the width the
 * browser last told (`WIDE_COOKIE`, written by public/theme.js on every page, the sign-in page
 * included), else a phone's, which reads at any width with JavaScript off. `<html data-drawn>` says which was drawn: when it is not the
 * width in use, theme.js hides the drawn page before its first paint and the browser draws its own
 * (main.tsx), so a wrong guess never moves the page.
 */
export const widthOf = (request: FastifyRequest): WidthClass =>
  widthClassOf(request.cookies[WIDE_COOKIE]);

/** Whether the server draws this path's first screen. */
export const isServerRendered = (pathname: string) =>
  SERVER_RENDERED_PATHS.includes(pathname.replace(/\/+$/, '') || '/');

/**
 * Whether the server draws this Next Steps path's first screen: the task list (`/next-steps/`, which
 * opens it, and `/next-steps/task`, with any filter) and a task's page (`/next-steps/task/<id>`), not
 * the settings.
 */
export const isNextStepsServerRendered = (pathname: string) =>
  /^\/next-steps(\/task(\/\d+)?)?$/.test(pathname.replace(/\/+$/, ''));

/** A render's HTML that may not be sent: it wrote a script, or a component of it threw. */
function refuseUnsafe(html: string) {
  // The page's CSP allows no inline script: a render that wrote one is not sent.
  if (/<script\b/i.test(html)) throw new Error('The render wrote a script element');
  // A component that threw left its part to the browser (React's `<!--$!-->`): not drawn.
  if (html.includes('<!--$!-->')) throw new Error('A component failed while rendering');
}

/**
 * The portal's server render (issue 75), when SERVER_RENDER is on and the build has its bundle
 * (`dist/ssr/portal-render.js`, beside the served folder); null otherwise. Its `render` answers
 * null whenever the page goes out undrawn: the path is not one it draws, or the render failed or
 * outlasted its time (logged, and counted in /metrics as a fallback), never an error to the person.
 */
export function serverRenderer(app: FastifyInstance, root: string) {
  const file = path.join(root, '..', 'ssr', 'portal-render.js');
  if (!app.config.serverRender || !existsSync(file)) return null;
  // Loaded as the server starts, not on the first person's page.
  const loaded = import(pathToFileURL(file).href) as Promise<PortalRenderModule>;
  loaded.catch((err: unknown) => app.log.error({ err }, 'the server render bundle did not load'));
  const site: Site = { campus: app.config.campus, build: app.config.buildHash };
  // Next Steps' bundle, beside the portal's (built together by `npm run build`).
  const nextStepsFile = path.join(root, '..', 'ssr', 'next-steps-render.js');
  const nextSteps = existsSync(nextStepsFile)
    ? (import(pathToFileURL(nextStepsFile).href) as Promise<NextStepsRenderModule>)
    : Promise.reject(new Error('The Next Steps server render is not built'));
  nextSteps.catch((err: unknown) =>
    app.log.error({ err }, 'the Next Steps server render bundle did not load'),
  );
  return {
    /**
     * Next Steps' task list drawn (issue 75): in the person's language (their choice on their Next
     * Steps record, else the language cookie's or their browser's, `requestLanguage`) and theme (the cookie), from the answers its page carries
     * (html/first-answers.ts `nextStepsFirstAnswersFor`). Null whenever the page goes out undrawn, as
     * the portal's `render`.
     */
    async renderNextSteps(
      request: FastifyRequest,
      url: string,
      answers: Record<string, unknown>,
    ): Promise<ServerRendered | null> {
      const started = performance.now();
      const record = nextStepsUserListSchema.safeParse(answers[NEXT_STEPS_FIRST.user]);
      const choice = record.success ? (record.data[0]?.language ?? null) : null;
      const language = choice ?? requestLanguage(request);
      try {
        const out = await (
          await nextSteps
        ).renderNextSteps({
          url,
          answers,
          // The page carries the English configuration: the render asks for the language's, as the
          // browser does.
          site,
          language,
          csrf: formCsrfOf(request),
          sanitize: sanitizeContentHtml,
          fetch: apiAsPerson(app, request),
          limitMs: app.config.serverRenderMs,
        });
        refuseUnsafe(out.html);
        app.metrics.serverRender('rendered', performance.now() - started);
        const data = {
          language,
          snapshots: out.snapshots,
          portalAnswers: out.portalAnswers,
        };
        const block = `<script type="application/json" id="${SERVER_RENDER_ID}">${jsonForHtml(data)}</script>`;
        return {
          html: out.html,
          answers: out.answers,
          block,
          language,
          theme: themeOf(request),
          width: null,
        };
      } catch (err) {
        request.log.warn({ err }, 'the server render failed: the page goes out undrawn');
        app.metrics.serverRender('fallback', performance.now() - started);
        return null;
      }
    },
    async render(
      request: FastifyRequest,
      url: string,
      answers: Record<string, unknown>,
    ): Promise<ServerRendered | null> {
      const started = performance.now();
      const user = userSchema.safeParse(answers['users/user']);
      const choice = user.success ? user.data.preferences.language : null;
      const language = choice ?? requestLanguage(request);
      const chosen = user.success ? user.data.preferences.theme : undefined;
      // The width the browser last told; unknown, the phone's layout (hidden by theme.js and drawn
      // by the browser if the screen is wide after all).
      const width = widthOf(request);
      const theme = chosen === 'light' || chosen === 'dark' ? chosen : themeOf(request);
      try {
        const out = await (
          await loaded
        ).renderPortal({
          url,
          answers,
          site: { ...site, campus: app.config.campuses[language] ?? site.campus },
          language,
          demoActive: request.cookies[DEMO_COOKIE] === '1',
          width,
          csrf: formCsrfOf(request),
          sanitize: sanitizeContentHtml,
          fetch: apiAsPerson(app, request),
          // A render that takes longer sends the page undrawn: the browser draws it, as without this.
          limitMs: app.config.serverRenderMs,
        });
        refuseUnsafe(out.html);
        app.metrics.serverRender('rendered', performance.now() - started);
        const data = { language, width, snapshots: out.snapshots };
        const block = `<script type="application/json" id="${SERVER_RENDER_ID}">${jsonForHtml(data)}</script>`;
        return { html: out.html, answers: out.answers, block, language, theme, width };
      } catch (err) {
        request.log.warn({ err }, 'the server render failed: the page goes out undrawn');
        app.metrics.serverRender('fallback', performance.now() - started);
        return null;
      }
    },
  };
}

/**
 * What a drawn page says at its foot while its scripts have not taken it over: at once where
 * scripts are off, after a while where they failed to arrive (its styles: ui/styles/
 * footer-and-states.css). The last child of `#root`: the scripts remove it before they take the
 * page over (hydrate-drawn.tsx, hydrate-next-steps.tsx), and a page they draw replaces it.
 */
const SCRIPTS_NEEDED: Said = /*i18n*/ {
  id: 'drawn.scriptsNeeded',
  message:
    'Some buttons and forms on this page need its scripts, which have not loaded. Its links work: reload the page to try again.',
};

/**
 * The note's element (contract/server-render.ts names its id for the takeover), in a region of its
 * own named by its text: shown outside the page's landmarks, it is still in one (issue 87, axe's
 * `region` on a page read with scripts off).
 */
const scriptsNote = (language: Language) =>
  `<div id="${SCRIPTS_NOTE_ID}" role="region" aria-labelledby="${SCRIPTS_NOTE_ID}-text"><p id="${SCRIPTS_NOTE_ID}-text" class="scripts-note" role="note">${escapeHtml(sayIn(SCRIPTS_NEEDED, language))}</p></div>`;

/**
 * The built page with the drawn `#root`, its styles in its head (`withDrawnStyles`), its hydration
 * block, and `<html>`'s language and theme.
 */
export function withServerRender(built: string, drawn: ServerRendered): string {
  const html = withScriptsAfterPaint(withDrawnStyles(built));
  const open = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
  if (open < 0 || end < open) return built;
  const start = open + '<div id="root">'.length;
  const theme = drawn.theme ? ` data-theme="${drawn.theme}"` : '';
  // A page drawn for any width (Next Steps') is no width's to hide, but is still drawn: until the
  // app takes it over, public/theme.js holds what is pressed on it.
  const width = ` data-drawn="${drawn.width ?? DRAWN_FOR_ANY_WIDTH}"`;
  return `${html.slice(0, start)}${drawn.html}${scriptsNote(drawn.language)}${html.slice(end)}`
    .replace(/<html lang="[^"]*"/, `<html lang="${drawn.language}"${theme}${width}`)
    .replace('</body>', `  ${drawn.block}\n  </body>`);
}
