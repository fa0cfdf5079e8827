import './api/zod-setup.js';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { pageSite } from './api/campus.js';
import { startErrorReporting } from './api/client-errors.js';
import { createHttp } from './api/client.js';
import {
  acknowledgeMessage,
  fetchCategories,
  fetchNextStepsUser,
  fetchUserTasks,
  patchUserTask,
} from './api/next-steps/next-steps.js';
import { startServiceWorker } from './api/next-steps/service-worker.js';
import { documentCookies } from './lib/cookies.js';
import { taskListWith } from './machines/taskList.effects.js';
import { createNextStepsRouter } from './routes/next-steps/router.js';
import './ui/styles.css';
import './ui/next-steps/next-steps.css';

// Errors from the first line on reach the team (issue 17): the campus configuration the page carries.
const site = pageSite();
const reporting = startErrorReporting({ app: 'next-steps', site });

const http = createHttp({
  baseUrl: `${window.location.origin}/next-steps/api`,
  getToken: () => list.getSnapshot().context.user?.auth_token ?? null,
});
const { pathname, search, hash } = window.location;

const list = createActor(
  taskListWith({
    fetchUser: async () => ({ value: await fetchNextStepsUser(http), at: Date.now() }),
    fetchTasks: async () => {
      const [tasks, categories] = await Promise.all([fetchUserTasks(http), fetchCategories(http)]);
      return { value: { tasks, categories }, at: Date.now() };
    },
    saveTask: (input) => patchUserTask(http, input.id, input.change),
    acknowledgeMessage: (id) => acknowledgeMessage(http, id, new Date().toISOString()),
  }),
  {
    input: { returnTo: `${pathname}${search}${hash}` },
  },
).start();

const router = createNextStepsRouter({ list, http, campus: site.campus });

startServiceWorker({
  serviceWorker: navigator.serviceWorker,
  cookies: { read: documentCookies, write: (cookie) => (document.cookie = cookie) },
}).catch(() => {
  // Offline or not allowed: the app works without its worker.
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root, {
  onCaughtError: reporting.onRenderError,
  onUncaughtError: reporting.onRenderError,
}).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
