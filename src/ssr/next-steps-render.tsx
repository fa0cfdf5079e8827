/**
 * Next Steps' list drawn on the server (issue 75), built by Vite as a server bundle of its own
 * (vite.server-render-next-steps.config.ts, dist/ssr/next-steps-render.js) from the same
 * components, machines and route tree as the browser's (next-steps.tsx): the server starts the Next
 * Steps system from the answers the page carries (its list reads the person's record, tasks and
 * categories from them), loads the address in a memory history, and renders with React's server
 * renderer until the page stands still. The browser (next-steps.tsx) starts the same system from the
 * same answers (every one this render read, carried by the page) and hydrates once its list stands
 * where this one's did (hydrate-next-steps.tsx), each component actor from this render's snapshot.
 */
import '../api/zod-setup.js';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createActor } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { NextStepsRenderInput, NextStepsRenderOutput } from '../../contract/server-render.js';
import { followSiteLanguage } from '../api/campus.js';
import { createHttp } from '../api/client.js';
import { NetworkError } from '../api/errors.js';
import {
  fetchCategories,
  fetchNextStepsUser,
  fetchUserTasks,
} from '../api/next-steps/next-steps.js';
import { listCoursework } from '../api/next-steps/list-coursework.js';
import { countingFetch, keepingAnswers } from '../lib/counting-fetch.js';
import { LANGUAGES } from '../../contract/language.schema.js';
import { readyViewAsBar } from '../pages/shared/view-as.js';
import { drawUntilStill, routeDeadline, snapshotsOf } from './stand-still.js';
import { activateLocale } from '../lib/i18n.js';
import { RenderActorsContext } from '../lib/render-actors.js';
import { sanitizeOnServer } from '../lib/rich-text.js';
import { nextStepsMachine } from '../machines/next-steps.machine.js';
import { selectUser } from '../machines/task-list.context.js';
import { taskListWith } from '../machines/task-list.machine.js';
import { createNextStepsRouter } from '../routes/next-steps/router.js';

/** The bases the render's API clients ask under: never sent anywhere but `input.fetch`. */
const ORIGIN = 'http://portal.invalid';
const NEXT_STEPS_BASE = `${ORIGIN}/next-steps/api/`;
const PORTAL_BASE = `${ORIGIN}/api/`;

/** Reads only: a server render changes nothing, and what waits in a browser is that browser's. */
const readOnly = async (): Promise<never> => {
  throw new NetworkError(new Error('A server render changes nothing'));
};

export async function renderNextSteps(input: NextStepsRenderInput): Promise<NextStepsRenderOutput> {
  const until = Date.now() + input.limitMs;
  sanitizeOnServer(input.sanitize);
  const used: Record<string, unknown> = { ...input.answers };
  const portalUsed: Record<string, unknown> = {};
  const counting = countingFetch(
    keepingAnswers(input.fetch, (url, body) => {
      const [kept, base] = url.startsWith(NEXT_STEPS_BASE)
        ? [used, NEXT_STEPS_BASE]
        : [portalUsed, PORTAL_BASE];
      const path = url.slice(base.length);
      if (!(path in kept)) kept[path] = body;
    }),
  );
  // The person's record, once the system has started the list: the session's token, whose list.
  const listUser = () => {
    const snapshot = system.getSnapshot().children.list?.getSnapshot();
    return snapshot ? selectUser(snapshot) : null;
  };
  const token = () => listUser()?.auth_token ?? null;
  const http = createHttp({
    baseUrl: NEXT_STEPS_BASE.slice(0, -1),
    fetch: counting.fetch,
    firstAnswers: new Map(Object.entries(input.answers)),
    getToken: token,
  });
  const portalHttp = createHttp({
    baseUrl: PORTAL_BASE.slice(0, -1),
    fetch: counting.fetch,
    getToken: token,
  });
  // The browser's list (next-steps.tsx), reading only.
  const listLogic = taskListWith({
    fetchUser: async () => ({ value: await fetchNextStepsUser(http), at: Date.now() }),
    fetchTasks: async () => {
      const [tasks, categories] = await Promise.all([fetchUserTasks(http), fetchCategories(http)]);
      return { value: { tasks, categories }, at: Date.now() };
    },
    saveTask: readOnly,
    acknowledgeMessage: readOnly,
    coursework: listCoursework(portalHttp, () => listUser(), readOnly),
    outbox: { restore: async () => null, persist: () => {}, replay: readOnly },
  });
  const system = createActor(nextStepsMachine.provide({ actors: { list: listLogic } }), {
    input: { returnTo: input.url },
  });
  let changes = 0;
  system.system.inspect(() => {
    changes += 1;
  });
  system.start();
  const { list, connection, appUpdate } = system.getSnapshot().children;
  const started = new Map<string, AnyActorRef>();
  try {
    if (!list || !connection || !appUpdate) throw new Error('Next Steps did not start its actors');
    await activateLocale(input.language);
    // The view-as bar drawn with the page (issue 87).
    await readyViewAsBar(LANGUAGES);
    // The campus texts in the person's language, as the browser asks for them (next-steps.tsx).
    let campus = input.site.campus;
    await followSiteLanguage(portalHttp, (site) => (campus = site.campus))(input.language);
    const late = routeDeadline(input.limitMs);
    const context = { list, connection, appUpdate, http, campus, csrf: () => input.csrf };
    // The address, and where its first load leads (`/next-steps/` opens the list), as the browser's
    // router follows it before it hydrates (hydrate-next-steps.tsx).
    let url = input.url;
    let router = createNextStepsRouter(context, {
      history: createMemoryHistory({ initialEntries: [url] }),
    });
    for (let hop = 0; ; hop += 1) {
      // The router's scroll restoration writes an inline script: none on the server.
      router.update({ ...router.options, scrollRestoration: false });
      await Promise.race([router.load(), late]);
      const result = router._serverResult;
      if (result?.type !== 'redirect') break;
      if (hop === 2) throw new Error('The route redirected again and again');
      const to = new URL(router.resolveRedirect(result.redirect).options.href ?? '', ORIGIN);
      if (to.origin !== ORIGIN) throw new Error('The route redirected off the app');
      url = `${to.pathname}${to.search}`;
      router = createNextStepsRouter(context, {
        history: createMemoryHistory({ initialEntries: [url] }),
      });
    }
    const render = { started, made: () => (changes += 1), kept: new Map<string, unknown>() };
    const html = await drawUntilStill({
      until,
      busy: counting.busy,
      changes: () => changes,
      draw: () => {
        // The catalogue and the formats are the process's: set for this render's synchronous pass.
        void activateLocale(input.language);
        return renderToString(
          <StrictMode>
            <RenderActorsContext value={render}>
              <RouterProvider router={router} />
            </RenderActorsContext>
          </StrictMode>,
        );
      },
    });
    const snapshots = snapshotsOf(started);
    return { html, answers: used, portalAnswers: portalUsed, snapshots };
  } finally {
    for (const actor of started.values()) actor.stop();
    system.stop();
  }
}
