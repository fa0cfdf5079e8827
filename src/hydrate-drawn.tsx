import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SCRIPTS_NOTE_ID } from '../contract/server-render.js';
import { takeServerRender } from './api/server-render.js';
import { RenderActorsContext } from './lib/render-actors.js';
import { drawnViewerLanguage, readyViewAsBar } from './pages/shared/view-as.js';
import { TakenOver, hydrationOptions, startHydrating } from './lib/takeover.js';
import { settled } from './lib/settle.js';
import type { PortalRef } from './portal-shell.js';
import type { PortalRouter } from './routes/portal/router.js';
import { drawWidth } from './ui/portal/use-wide.js';

interface DrawnPage {
  root: HTMLElement;
  app: ReactElement;
  router: PortalRouter;
  portal: PortalRef;
  firstLoad: Promise<void>;
  /** The API calls under way. */
  busy: () => number;
  reporting: { onRenderError: (error: unknown, info: { componentStack?: string }) => void };
  /** Once the page is the app's: what the server did not draw (demo mode's welcome). */
  takenOver: () => void;
}

/**
 * Takes over a page the server drew (issue 75). The page stays as it is until the actors stand
 * where the server's did (the route loaded, the page's answers taken), then React hydrates it: the
 * same tree as the server's, each component's actor from the server's snapshot
 * (lib/render-actors.ts), at the width the server drew for, so hydration draws what is on screen.
 */
export async function hydrateDrawn(page: DrawnPage): Promise<void> {
  // The scripts have arrived: the note that they had not goes (not the app's, so not in what
  // hydration meets).
  document.getElementById(SCRIPTS_NOTE_ID)?.remove();
  const drawn = takeServerRender() ?? { width: 0, snapshots: {} };
  drawWidth(drawn.width);
  let changes = 0;
  page.portal.system.inspect(() => (changes += 1));
  await page.firstLoad;
  // The router draws its matches as on the server (no Suspense boundary of its own around them:
  // the root's, `wrapInSuspense`, is drawn on both sides),
  // and leaves the first load to the app, which has made it.
  page.router.ssr = { manifest: undefined };
  await settled(page.busy, () => changes, 5000);
  // The view-as bar the server drew, drawn at once by the hydration too (issue 87).
  const viewer = drawnViewerLanguage();
  if (viewer) await readyViewAsBar([viewer]);
  startHydrating();
  hydrateRoot(
    page.root,
    <StrictMode>
      <RenderActorsContext value={{ snapshots: new Map(Object.entries(drawn.snapshots)) }}>
        <TakenOver then={page.takenOver}>{page.app}</TakenOver>
      </RenderActorsContext>
    </StrictMode>,
    hydrationOptions(page.reporting),
  );
}
