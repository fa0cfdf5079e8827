import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { taskListMachine } from './machines/task-list.machine.js';
import { SERVER_RENDER_ID } from '../contract/first-answers.rules.js';
import { SCRIPTS_NOTE_ID } from '../contract/server-render.js';
import { LANGUAGES } from '../contract/language.schema.js';
import type { Language } from '../contract/language.schema.js';
import { readOutbox } from './lib/outbox-store.js';
import { RenderActorsContext } from './lib/render-actors.js';
import { drawnViewerLanguage, readyViewAsBar } from './pages/shared/view-as.js';
import { nextTask } from './lib/settle.js';
import { TakenOver, hydrationOptions, startHydrating, takeOver } from './lib/takeover.js';
import type { NextStepsRouter } from './routes/next-steps/router.js';

/** What a Next Steps page the server drew carries for its hydration (issue 75). */
interface DrawnNextSteps {
  language: Language;
  /** Each component actor's snapshot, by its place in the tree (lib/render-actors.ts). */
  snapshots: Record<string, unknown>;
  /** The portal's answers the render read (coursework, the campus in the language), under `/api/`. */
  portalAnswers: Record<string, unknown>;
}

const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether changes made offline wait in this browser (issue 44). */
function changesWait(): boolean {
  try {
    return readOutbox(localStorage) !== null;
  } catch {
    // No storage to read: nothing can wait in it.
    return false;
  }
}

/**
 * The server render's block (contract/first-answers.rules.ts `SERVER_RENDER_ID`), read once and
 * removed; null when the page is not drawn, or the block is not what the server writes, or changes
 * made offline wait in this browser (the server drew the list without them): the page is then the
 * browser's to draw, and what the server drew is removed. Checked by hand, as the portal's block
 * (api/server-render.ts): the actors and the API client check their contents as they take them.
 */
export function takeDrawnNextSteps(root: HTMLElement): DrawnNextSteps | null {
  const block = document.getElementById(SERVER_RENDER_ID);
  block?.remove();
  // The scripts have arrived, to take the page over or draw it: the note that they had not goes.
  document.getElementById(SCRIPTS_NOTE_ID)?.remove();
  const drawn = block && !changesWait() ? parse(block.textContent) : null;
  if (!drawn) {
    // Drawn by the browser instead: nothing pressed on the server's page is left to hand over.
    root.replaceChildren();
    takeOver();
  }
  return drawn;
}

function parse(text: string | null): DrawnNextSteps | null {
  try {
    const data: unknown = JSON.parse(text || 'null');
    if (!isRecord(data)) return null;
    const { language, snapshots, portalAnswers } = data;
    if (!isLanguage(language) || !isRecord(snapshots) || !isRecord(portalAnswers)) return null;
    return { language, snapshots, portalAnswers };
  } catch {
    return null;
  }
}

interface DrawnPage {
  root: HTMLElement;
  router: NextStepsRouter;
  list: ActorRefFrom<typeof taskListMachine>;
  drawn: DrawnNextSteps;
  reporting: { onRenderError: (error: unknown, info: { componentStack?: string }) => void };
}

/**
 * Takes over a Next Steps page the server drew (issue 75). The page stays as it is until the list
 * stands where the server's did (next-steps.tsx starts the same system from the same answers), the
 * router has loaded the address (and followed `/next-steps/` to the list, as the server did),
 * and the campus texts of the page's language are in its context (next-steps.tsx), then React hydrates the same tree as the
 * server's, each component's actor from the server's snapshot.
 */
export async function hydrateNextSteps(page: DrawnPage): Promise<void> {
  const { router, list } = page;
  // The list from the answers the page carries, and its coursework from the portal's, as the
  // server's stood when it drew them (no request: the API client answers from the page).
  const loaded = { timeout: 5000 };
  await waitFor(list, (s) => !s.hasTag('loading'), loaded);
  const coursework = list.getSnapshot().children.coursework;
  if (coursework) await waitFor(coursework, (s) => !s.hasTag('loading'), loaded);
  // A redirect of the first load (`/next-steps/` to the list) is loaded from here until the
  // router's own component hears the history.
  const stop = router.history.subscribe(() => void router.load());
  await router.load();
  stop();
  // The router draws its matches as on the server (no Suspense boundary of its own around them:
  // the root's, `wrapInSuspense`, is drawn on both sides),
  // and leaves the first load to the app, which has made it.
  router.ssr = { manifest: undefined };
  // The hydration in a task after the router's load: in one they blocked a phone's main thread
  // for over 100 ms (bench:load's 4x slowdown).
  await nextTask();
  // The view-as bar the server drew, drawn at once by the hydration too (issue 87).
  const viewer = drawnViewerLanguage();
  if (viewer) await readyViewAsBar([viewer]);
  startHydrating();
  hydrateRoot(
    page.root,
    <StrictMode>
      <RenderActorsContext value={{ snapshots: new Map(Object.entries(page.drawn.snapshots)) }}>
        <TakenOver>
          <RouterProvider router={router} />
        </TakenOver>
      </RenderActorsContext>
    </StrictMode>,
    hydrationOptions(page.reporting),
  );
}
