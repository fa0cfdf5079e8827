/**
 * The portal's first screen drawn on the server (issue 75), built by Vite as a server bundle of its
 * own (vite.server-render.config.ts, dist/ssr/) from the same components, machines and route tree
 * as the browser's: the server starts the portal's actors from the answers the page carries, loads
 * the route in a memory history, and renders with React's server renderer until the page stands
 * still. What it answers, the browser's hydration starts from (main.tsx): the same answers in the
 * page, each component's actor from the snapshot the server's ended in.
 */
import '../api/zod-setup.js';
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { AnyActorRef } from 'xstate';
import type { PortalRenderInput, PortalRenderOutput } from '../../contract/server-render.js';
import { createHttp } from '../api/client.js';
import { fetchDelegating } from '../api/delegate-capacity.js';
import { firstReadsFor } from '../api/first-reads.js';
import { activateLocale } from '../lib/i18n.js';
import { loadIdleParts } from '../lib/idle-part.js';
import { sanitizeOnServer } from '../lib/rich-text.js';
import { RenderActorsContext } from '../lib/render-actors.js';
import { countingFetch, keepingAnswers } from '../lib/counting-fetch.js';
import { LANGUAGES } from '../../contract/language.schema.js';
import { readyViewAsBar } from '../pages/shared/view-as.js';
import { drawUntilStill, routeDeadline, snapshotsOf } from './stand-still.js';
import { selectUser } from '../machines/app.machine.js';
import { createPortalShell, servicesFor, withSite } from '../portal-shell.js';
import { portalElement } from '../routes/portal/app.js';
import { createPortalRouter } from '../routes/portal/router.js';
import { drawWidth } from '../ui/portal/use-wide.js';

/** The origin and base the render's API client asks under: never sent anywhere but `input.fetch`. */
const ORIGIN = 'http://portal.invalid';
const BASE = `${ORIGIN}/api`;

export async function renderPortal(input: PortalRenderInput): Promise<PortalRenderOutput> {
  const until = Date.now() + input.limitMs;
  sanitizeOnServer(input.sanitize);
  const used: Record<string, unknown> = { ...input.answers };
  const counting = countingFetch(
    keepingAnswers(input.fetch, (url, body) => {
      // The API's answers, which the page carries; not the delegate's own session call.
      if (!url.startsWith(`${BASE}/`)) return;
      const path = url.slice(BASE.length + 1);
      if (!(path in used)) used[path] = body;
    }),
  );
  let changes = 0;
  const http = createHttp({
    baseUrl: BASE,
    fetch: counting.fetch,
    firstAnswers: new Map(Object.entries(input.answers)),
    getToken: () => selectUser(shell.app.getSnapshot())?.auth_token ?? null,
  });
  const firstReads = firstReadsFor(http);
  const shell = createPortalShell({
    // The roles refresh and the profile read wait for a load no server render ends: the browser's.
    services: servicesFor(
      http,
      () => new Promise<void>(() => {}),
      firstReads,
      // Issue 89: a delegate's page is drawn too, their share asked as the browser asks it.
      () => fetchDelegating(ORIGIN, counting.fetch),
    ),
    demoActive: input.demoActive,
    leave: () => {
      changes += 1;
    },
  });
  shell.portal.system.inspect(() => {
    changes += 1;
  });
  const started = new Map<string, AnyActorRef>();
  try {
    await activateLocale(input.language);
    // The view-as bar drawn with the page (issue 87), End sending the session's token.
    await readyViewAsBar(LANGUAGES);
    const context = { ...withSite(shell, input.site, http, firstReads), csrf: () => input.csrf };
    const router = createPortalRouter(context, {
      history: createMemoryHistory({ initialEntries: [input.url] }),
      scrollRestoration: false,
    });
    const late = routeDeadline(input.limitMs);
    await Promise.race([router.load(), late]);
    // The parts whose code the browser loads after the first screen, drawn whole here.
    await loadIdleParts();
    const render = { started, made: () => (changes += 1), kept: new Map<string, unknown>() };
    const html = await drawUntilStill({
      until,
      busy: counting.busy,
      changes: () => changes,
      draw: () => {
        // The catalogue and the formats are the process's: set for this render's synchronous pass
        // (the catalogue is loaded: activateLocale sets both before it returns).
        void activateLocale(input.language);
        drawWidth(input.width);
        return renderToString(
          <StrictMode>
            <RenderActorsContext value={render}>{portalElement(router)}</RenderActorsContext>
          </StrictMode>,
        );
      },
    });
    const snapshots = snapshotsOf(started);
    return { html, answers: used, snapshots };
  } finally {
    for (const actor of started.values()) actor.stop();
    shell.portal.stop();
  }
}
