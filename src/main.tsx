import './api/zod-setup.js';
import { msg } from '@lingui/core/macro';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { followSiteLanguage, loadSite, pageSite } from './api/campus.js';
import { startErrorReporting } from './api/client-errors.js';
import { createHttp } from './api/client.js';
import { isDemoCookieSet, takeDemoMessage } from './api/demo.js';
import { takeFirstAnswers } from './api/first-answers.js';
import { firstReadsFor } from './api/first-reads.js';
import { SERVER_RENDER_ID } from '../contract/first-answers.rules.js';
import { INSPECTOR_BUILT } from './inspector/enabled.js';
import { watchSystem } from './inspector/observer.js';
import { selectUser } from './machines/app.machine.js';
import { startAppWorker } from './lib/app-worker.js';
import { followTheme } from './pages/shared/theme.js';
import { followSessionEnd } from './pages/shared/session-end.js';
import { activateLocale } from './lib/i18n.js';
import { followLanguage, startLocale } from './pages/shared/language.js';
import { prepareZone } from './lib/time.js';
import { countingFetch } from './lib/counting-fetch.js';
import { createPortalShell, reportOutages, servicesFor, withSite } from './portal-shell.js';
import type { Site } from '../contract/campus.schema.js';
import { portalApp } from './routes/portal/app.js';
import { createPortalRouter, showCampus } from './routes/portal/router.js';
import './ui/styles.css';

// Errors from the first line on reach the team (issue 17): the campus configuration the page carries.
const reporting = startErrorReporting({ app: 'portal', site: pageSite() });

/** Shown once after demo mode starts (the demo-message cookie marks it as still to show). */
const DEMO_MESSAGE = msg`Demo mode is on: the portal shows sample data for about an hour.`;

async function start() {
  // The app starts in a task of its own, after the scripts' evaluation: one long task did both
  // (issue #31), and a phone's main thread gets to paint and take input in between.
  await new Promise((resolve) => setTimeout(resolve));
  // The browser's language until the person's record says theirs (issue 59): another language's
  // catalogue loads beside the campus configuration, before the first render.
  // A page the server drew (issue 75) names the language it drew in: the first render's.
  // Drawn for another width (public/theme.js marks it stale and hides it), the browser draws it.
  const html = document.documentElement;
  const drawn =
    document.getElementById(SERVER_RENDER_ID) !== null && html.dataset.drawn !== 'stale';
  const localeReady = activateLocale(drawn ? (html.lang === 'es' ? 'es' : 'en') : startLocale());
  const calls = countingFetch((input, init) => globalThis.fetch(input, init));
  // The client and the actors refer to each other; neither calls the other before both exist.
  // The status, the user and the first page's cached reads, when the page carries them (issue 63):
  // their first calls are answered from the page, the rest go to the API.
  const http = createHttp({
    firstAnswers: takeFirstAnswers(),
    fetch: calls.fetch,
    getToken: () => selectUser(shell.app.getSnapshot())?.auth_token ?? null,
    onFailure: (error) => reportOutages(shell.portal)(error),
    onSessionEnded: () => sessionEnded(),
  });
  let sessionEnded = () => {};
  // The roles refresh and the profile read wait for the router's first load (`servicesFor`).
  let firstLoadDone = () => {};
  const firstLoad = new Promise<void>((resolve) => (firstLoadDone = resolve));
  // The banner and the first page share these reads: each address is asked for once.
  const firstReads = firstReadsFor(http);
  const shell = createPortalShell({
    services: servicesFor(
      http,
      () => firstLoad,
      firstReads,
      // Issue 88: asked only when nobody is signed in, its code loaded then.
      () =>
        import('./api/delegate-capacity.js').then((m) =>
          m.fetchDelegating(window.location.origin, calls.fetch),
        ),
    ),
    demoActive: isDemoCookieSet(),
  });
  // The statecharts inspector (issue 49) follows the system from its start, in a build that has it.
  if (INSPECTOR_BUILT && (import.meta.env.DEV || isDemoCookieSet())) watchSystem(shell.portal);
  // The person's theme choice, from their record as it loads and as they change it on Account.
  followTheme(shell.app, (snapshot) => selectUser(snapshot)?.preferences.theme);
  // The campus's texts (its portal name, tools, safety number) follow the language (issue 59).
  // An answer before the router exists waits for it.
  const pending: { site: Site | null } = { site: null };
  let showSite = (next: Site): void => {
    pending.site = next;
  };
  const siteIn = followSiteLanguage(http, (site) => showSite(site));
  // The person's language, from their record as it loads and at once as they change it (issue 59).
  followLanguage(
    shell.app,
    (snapshot) => selectUser(snapshot)?.preferences.language,
    (locale) =>
      Promise.all([activateLocale(locale), siteIn(locale === 'en-XA' ? 'en' : locale)]).then(
        () => undefined,
      ),
  );
  const site = await loadSite(http);
  setTimeout(() => prepareZone(site.campus.timeZone));
  // The flash message is a catalogue message the frame translates as it draws it, so it reads in
  // the person's language whenever their catalogue arrives. On a page the server drew, once the app
  // has it: the server does not draw it, and hydration must meet what the server drew.
  const demoWelcome = isDemoCookieSet() && takeDemoMessage();
  const welcome = () => {
    if (demoWelcome) shell.flash.send({ type: 'flash.push', message: DEMO_MESSAGE });
  };
  if (!drawn) welcome();
  // A page restored from the back-forward cache still holds the old user: check again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });

  // The router and the first render in a task after the actors' start: in one task they were over
  // 100 ms on a phone (bench:load's 4x slowdown).
  await new Promise((resolve) => setTimeout(resolve));
  const router = createPortalRouter(withSite(shell, site, http, firstReads));
  sessionEnded = followSessionEnd({ clearCache: () => router.clearCache() });
  showSite = ({ campus }) => showCampus(router, campus);
  if (pending.site) showSite(pending.site);
  // The frame's focus rule acts from the first page change on: it loads beside the first page.
  void import('./pages/shared/focus-rule.js').then(({ installFocusRule }) =>
    installFocusRule(router),
  );
  const stopWaiting = router.subscribe('onLoad', () => {
    stopWaiting();
    firstLoadDone();
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const app = portalApp(router);
  await localeReady;
  if (drawn) {
    // A page the server drew: React takes it over (its own chunk: no other page needs it).
    const { hydrateDrawn } = await import('./hydrate-drawn.js');
    await hydrateDrawn({
      root,
      app,
      router,
      portal: shell.portal,
      firstLoad,
      busy: calls.busy,
      reporting,
      takenOver: welcome,
    });
  } else {
    if (html.dataset.drawn) {
      root.replaceChildren();
      delete html.dataset.drawn;
    }
    const reactRoot = createRoot(root, {
      onCaughtError: reporting.onRenderError,
      onUncaughtError: reporting.onRenderError,
    });
    // A transition, so the first render yields to the first load's answers as they arrive.
    startTransition(() => reactRoot.render(<StrictMode>{app}</StrictMode>));
  }
  // The worker feeds the system's connection and update actors, whose notices the frame draws.
  startAppWorker(async () =>
    (await import('./pages/shared/app-worker.js')).registerAppWorker(shell),
  );
}

void start();
