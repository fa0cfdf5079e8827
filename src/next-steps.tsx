import './api/zod-setup.js';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { SERVER_RENDER_ID } from '../contract/first-answers.rules.js';
import type { ActorRefFrom } from 'xstate';
import { followSiteLanguage, pageSite } from './api/campus.js';
import type { Site } from '../contract/campus.schema.js';
import { startErrorReporting } from './api/client-errors.js';
import { createHttp } from './api/client.js';
import { takeFirstAnswers } from './api/first-answers.js';
import {
  acknowledgeMessage,
  fetchCategories,
  fetchFreshUserTasks,
  fetchNextStepsUser,
  fetchUserTasks,
  patchUserTask,
} from './api/next-steps/next-steps.js';
import { NetworkError } from './api/errors.js';
import { startServiceWorker } from './api/next-steps/service-worker.js';
import { startAppWorker } from './lib/app-worker.js';
import { activateLocale } from './lib/i18n.js';
import { countUtcShort } from './lib/time.js';
import { utcShortParts } from './lib/utc-short.js';
import { followLanguage, startLocale } from './pages/shared/language.js';
import { documentCookies } from './lib/cookies.js';
import { forgetOutbox, readOutbox, writeOutbox } from './lib/outbox-store.js';
import { announceSignOut } from './lib/session-channel.js';
import { followSessionEnd } from './pages/shared/session-end.js';
import { replayChanges } from './api/next-steps/replay-changes.js';
import { listCoursework } from './api/next-steps/list-coursework.js';
import { nextStepsMachine } from './machines/next-steps.machine.js';
import { selectUser } from './machines/task-list.context.js';
import { taskListWith, type taskListMachine } from './machines/task-list.machine.js';
import { createNextStepsRouter, showNextStepsCampus } from './routes/next-steps/router.js';
import './ui/styles.css';
import './ui/next-steps/next-steps.css';

// Errors from the first line on reach the team (issue 17): the campus configuration the page carries.
const site = pageSite();
// The list's dates without the browser's date rules (issue 75: they loaded inside the takeover).
countUtcShort(utcShortParts);
const reporting = startErrorReporting({ app: 'next-steps', site });

async function start() {
  // The app starts in a task of its own, after the scripts' evaluation: one long task did both on a
  // phone (bench:load), and the main thread gets to paint and take input in between.
  await new Promise((resolve) => setTimeout(resolve));
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  // A page the server drew (issue 75): its hydration's chunk, and what the page carries for it,
  // before anything starts (the list's calls are answered from the page). Changes made offline
  // that wait in this browser are not in what the server drew: the browser draws the page then.
  const hydration =
    document.getElementById(SERVER_RENDER_ID) === null
      ? null
      : await import('./hydrate-next-steps.js');
  const drawn = hydration?.takeDrawnNextSteps(root) ?? null;
  // The browser's language until the person's record says theirs (issue 59); a drawn page's own.
  const localeReady = activateLocale(drawn?.language ?? startLocale());
  let sessionEnded = () => {};
  const http = createHttp({
    baseUrl: `${window.location.origin}/next-steps/api`,
    // The person's record and the list's first load, carried by the page (issue 63): the list's
    // first screen asks the API for nothing.
    firstAnswers: takeFirstAnswers(),
    getToken: () => selectUser(list.getSnapshot())?.auth_token ?? null,
    onSessionEnded: () => sessionEnded(),
  });
  // The portal's own API (/api), with the same session token: the student's coursework (issue 45).
  // A drawn page carries the portal's answers its render read too (coursework, the campus texts).
  const portalHttp = createHttp({
    ...(drawn ? { firstAnswers: new Map(Object.entries(drawn.portalAnswers)) } : {}),
    getToken: () => selectUser(list.getSnapshot())?.auth_token ?? null,
    onSessionEnded: () => sessionEnded(),
  });
  /** Issue 88: a delegate reads the student's list, never theirs to change. */
  const shared = () => selectUser(list.getSnapshot())?.shared != null;
  const { pathname, search, hash } = window.location;

  const listLogic = taskListWith({
    fetchUser: async () => ({ value: await fetchNextStepsUser(http), at: Date.now() }),
    fetchTasks: async () => {
      const [tasks, categories] = await Promise.all([fetchUserTasks(http), fetchCategories(http)]);
      return { value: { tasks, categories }, at: Date.now() };
    },
    saveTask: (input) => patchUserTask(http, input.id, input.change),
    acknowledgeMessage: (id) => acknowledgeMessage(http, id, new Date().toISOString()),
    coursework: listCoursework(portalHttp, () => selectUser(list.getSnapshot())),
    // Done and bookmark made offline wait in this browser and are sent when it is back (issue 44).
    // A delegate (issue 88) changes nothing: what waits here for the student is left as it is.
    outbox: {
      restore: async () => (shared() ? null : readOutbox(localStorage)),
      persist: (stored) => {
        if (!shared()) writeOutbox(localStorage, stored);
      },
      replay: async (changes) => {
        // A page that started offline holds the kept user, whose token is blanked: the session's
        // own user call gives the list the token again before anything is sent.
        const fresh = await fetchNextStepsUser(http);
        if (fresh.kind === 'user' && fresh.user.auth_token !== '') {
          list.send({ type: 'user.fetched', answer: fresh });
        }
        // No token yet (the session's call answered from the kept copy): nothing could be sent.
        if (!selectUser(list.getSnapshot())?.auth_token) {
          throw new NetworkError(new Error('No session token yet: the changes wait'));
        }
        return replayChanges(changes, {
          fetchTasks: () => fetchFreshUserTasks(http),
          save: (input) => patchUserTask(http, input.id, input.change),
        });
      },
    },
  });
  // The Next Steps system (machines/next-steps.machine.ts): the list, the page's connection and the
  // app's update, started together.
  const system = createActor(nextStepsMachine.provide({ actors: { list: listLogic } }), {
    input: { returnTo: `${pathname}${search}${hash}` },
  }).start();
  const { list: started, connection, appUpdate } = system.getSnapshot().children;
  if (!started || !connection || !appUpdate) throw new Error('Next Steps did not start its actors');
  const list: ActorRefFrom<typeof taskListMachine> = started;
  const person = list.getSnapshot().children.user;
  if (!person) throw new Error('The Next Steps list did not start its user');
  // The campus texts (the portal's name) in the person's language: the page carries the English,
  // so another language's version is asked of the portal (issue 59). An answer before the router
  // exists waits for it.
  const pending: { site: Site | null } = { site: null };
  let showSite = (next: Site): void => {
    pending.site = next;
  };
  const siteIn = followSiteLanguage(portalHttp, (next) => showSite(next));
  // The language the person chose on Account, from their record as it loads and at once when a
  // later read brings another (issue 59); the browser's when they never chose.
  // A drawn page is taken over once the language it was drawn in has its campus texts.
  let languageShown = Promise.resolve();
  followLanguage(
    person,
    (snapshot) => snapshot.context.user?.language,
    (locale) =>
      (languageShown = Promise.all([
        activateLocale(locale),
        siteIn(locale === 'en-XA' ? 'en' : locale),
      ]).then(() => undefined)),
  );

  // Back online: the browser says so, or the server answers again after kept answers (the
  // connection actor tells the system, which tells the list); either sends what waits.
  window.addEventListener('online', () => list.send({ type: 'connection.online' }));
  // Signing out forgets the changes waiting to be sent, as the logout form goes (issue 44).
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && new URL(form.action).pathname === '/auth/logout') {
        forgetOutbox(localStorage);
        announceSignOut();
      }
    },
    true,
  );

  // The router, and the page's hydration or first render, in a task after the actors' start: in
  // one task they were about 100 ms on a phone (bench:load's 4x slowdown).
  await new Promise((resolve) => setTimeout(resolve));
  const router = createNextStepsRouter({
    list,
    connection,
    appUpdate,
    http,
    campus: pending.site?.campus ?? site.campus,
  });
  showSite = ({ campus }) => showNextStepsCampus(router, campus);
  sessionEnded = followSessionEnd({
    clearCache: () => router.clearCache(),
    forget: () => forgetOutbox(localStorage),
  });
  // The frame's focus rule acts from the first page change on: it loads beside the first page.
  void import('./pages/shared/focus-rule.js').then(({ installFocusRule }) =>
    installFocusRule(router),
  );

  startServiceWorker({
    serviceWorker: navigator.serviceWorker,
    cookies: { read: documentCookies, write: (cookie) => (document.cookie = cookie) },
    register: () =>
      startAppWorker(async () =>
        (await import('./pages/shared/app-worker.js')).registerAppWorker({ connection, appUpdate }),
      ),
  }).catch(() => {
    // Offline or not allowed: the app works without its worker.
  });

  await localeReady;
  if (hydration && drawn) {
    await languageShown;
    await hydration.hydrateNextSteps({ root, router, list, drawn, reporting });
    return;
  }
  createRoot(root, {
    onCaughtError: reporting.onRenderError,
    onUncaughtError: reporting.onRenderError,
  }).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
