import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import { defaultCampus } from '../contract/campus.schema.js';
import { createHttp } from './api/client.js';
import { fetchUser } from './api/user.js';
import { appMachine } from './machines/app.machine.js';
import { PortalContextProvider } from './routes/portal/context.js';
import { createPortalRouter } from './routes/portal/router.js';
import './ui/styles.css';

const http = createHttp({ getToken: () => app.getSnapshot().context.user?.auth_token ?? null });
const { pathname, search, hash } = window.location;
const app = createActor(
  appMachine.provide({ actors: { fetchUser: fromPromise(() => fetchUser(http)) } }),
  { input: { returnTo: `${pathname}${search}${hash}` } },
).start();

const context = { app, campus: defaultCampus };
const router = createPortalRouter(context);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <PortalContextProvider value={context}>
      <RouterProvider router={router} />
    </PortalContextProvider>
  </StrictMode>,
);
