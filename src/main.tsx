import './api/zod-setup.js';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSite } from './api/campus.js';
import { createHttp } from './api/client.js';
import { isDemoCookieSet, takeDemoMessage } from './api/demo.js';
import { selectUser } from './machines/app.machine.js';
import { createOutageRelay, createPortalShell, servicesFor } from './portal-shell.js';
import type { PortalContext } from './routes/portal/context.js';
import { PortalContextProvider } from './routes/portal/context.js';
import { createPortalRouter } from './routes/portal/router.js';
import './ui/styles.css';

/** Shown once after demo mode starts (the demo-message cookie marks it as still to show). */
const DEMO_MESSAGE = 'Demo mode is on: the portal shows sample data for about an hour.';

const outages = createOutageRelay();
let context: PortalContext | null = null;
const http = createHttp({
  getToken: () => (context ? (selectUser(context.app.getSnapshot())?.auth_token ?? null) : null),
  onFailure: outages.report,
});

async function start() {
  const site = await loadSite(http);
  const shell = createPortalShell({
    site,
    services: servicesFor(http),
    demoActive: isDemoCookieSet(),
  });
  context = shell.context;
  outages.connect(context.app);
  if (isDemoCookieSet() && takeDemoMessage()) {
    context.flash.send({ type: 'flash.push', message: DEMO_MESSAGE });
  }
  // A page restored from the back-forward cache still holds the old user: check again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });

  const router = createPortalRouter(context);
  shell.connectRouter(router);
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <PortalContextProvider value={context}>
        <RouterProvider router={router} />
      </PortalContextProvider>
    </StrictMode>,
  );
}

void start();
