import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSite } from './api/campus.js';
import { createHttp } from './api/client.js';
import { isDemoCookieSet, takeDemoMessage } from './api/demo.js';
import { isOutage } from './api/errors.js';
import { selectUser } from './machines/app.machine.js';
import { createPortalShell, servicesFor } from './portal-shell.js';
import { PortalContextProvider } from './routes/portal/context.js';
import { createPortalRouter } from './routes/portal/router.js';
import './ui/styles.css';

/** Shown once after demo mode starts (the demo-message cookie marks it as still to show). */
const DEMO_MESSAGE = 'Demo mode is on: the portal shows sample data for about an hour.';

// Every call reports a network failure or a 502/503/504 to the app machine (error state 3). Until
// the app actor exists (the campus call comes first) an outage is remembered.
let outageBeforeStart = false;
let reportOutage: () => void = () => {
  outageBeforeStart = true;
};
let token: () => string | null = () => null;
const http = createHttp({
  getToken: () => token(),
  onFailure: (error) => {
    if (isOutage(error)) reportOutage();
  },
});

async function start() {
  const site = await loadSite(http);
  const { context, connectRouter } = createPortalShell({
    site,
    services: servicesFor(http),
    demoActive: isDemoCookieSet(),
  });
  reportOutage = () => context.app.send({ type: 'app.outage' });
  token = () => selectUser(context.app.getSnapshot())?.auth_token ?? null;
  if (outageBeforeStart) reportOutage();
  if (isDemoCookieSet() && takeDemoMessage()) {
    context.flash.send({ type: 'flash.push', message: DEMO_MESSAGE });
  }
  // A page restored from the back-forward cache still holds the old user: check again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });

  const router = createPortalRouter(context);
  connectRouter(router);
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
