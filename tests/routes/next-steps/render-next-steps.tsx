import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import ky from 'ky';
import { createActor } from 'xstate';
import { defaultCampus } from '../../../contract/campus.schema.js';
import type { Campus } from '../../../contract/campus.schema.js';
import type { UserTask } from '../../../contract/next-steps/task.schema.js';
import type { NextStepsUser } from '../../../contract/next-steps/user.schema.js';
import type { NextStepsUserResult } from '../../../src/api/next-steps/next-steps.js';
import type { Fetched } from '../../../src/machines/task-data.js';
import { nextStepsMachine } from '../../../src/machines/next-steps.machine.js';
import { listErrorsMachine } from '../../../src/machines/list-errors.machine.js';
import { taskListWith } from '../../../src/machines/task-list.machine.js';
import type { CourseworkEffects } from '../../../src/machines/coursework-items.machine.js';
import { createNextStepsRouter } from '../../../src/routes/next-steps/router.js';
import { nextStepsUser } from '../../lib/fixtures.js';

export const user = nextStepsUser();

/** Renders the real Next Steps routes at `path`, with the list's calls answered by fakes. */
export function renderNextSteps(
  path: string,
  tasks: UserTask[] = [],
  options: {
    failTasks?: boolean;
    /** The tasks' call never answers: the list stays loading. */
    holdTasks?: boolean;
    user?: NextStepsUser;
    campus?: Campus;
    /** The student's coursework calls (issue 45); by default they have no coursework calendar. */
    coursework?: CourseworkEffects;
  } = {},
) {
  const listLogic = taskListWith({
    fetchUser: async (): Promise<Fetched<NextStepsUserResult>> => ({
      value: options.user?.has_provisional_account
        ? { kind: 'provisional' }
        : { kind: 'user', user: options.user ?? user },
      at: 0,
    }),
    fetchTasks: async () => {
      if (options.holdTasks) return new Promise<never>(() => {});
      if (options.failTasks) {
        throw new Error('Request failed with status code 500: GET http://x.invalid/user_task/');
      }
      return {
        value: { tasks, categories: [{ id: 7, slug: 'fun', name: 'Fun' }] },
        at: 0,
      };
    },
    saveTask: async (input) => ({ ...tasks[0]!, ...input.change }),
    acknowledgeMessage: async () => null,
    ...(options.coursework ? { coursework: options.coursework } : {}),
  }).provide({
    actions: { redirectToLogin: () => {} },
    // Failures here are expected: not logged.
    actors: { errors: listErrorsMachine.provide({ actions: { logFailure: () => {} } }) },
  });
  // The app's system (machines/next-steps.machine.ts): the list, the connection and the update.
  const system = createActor(nextStepsMachine.provide({ actors: { list: listLogic } }), {
    input: { returnTo: path },
  }).start();
  const { list, connection, appUpdate } = system.getSnapshot().children;
  if (!list || !connection || !appUpdate) throw new Error('Next Steps did not start its actors');
  const router = createNextStepsRouter(
    {
      list,
      connection,
      appUpdate,
      http: ky.create({ prefixUrl: 'http://x.invalid' }),
      campus: options.campus ?? defaultCampus,
    },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, list, connection, appUpdate };
}
