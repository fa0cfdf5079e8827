/**
 * The API error list behind the integration banner (portal.md §8 error catalogue, §8 Banner), a
 * child of app.machine.ts (id `apiErrors`) for the app's whole life: every failed call pushes
 * `{type: "api", component?, message}`, a section that cannot show its data pushes a banner error.
 * The list only grows; it is `over` (tag `banner`) once it holds more than API_ERROR_LIMIT API
 * errors or any banner error, and stays so. The app passes it both events.
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ApiFailedEvent } from '../api/api-failure.js';

/** portal.md §8: failures push `{type: "api", component?, message}`; banner errors show the banner. */
export interface AppError {
  type: 'api' | 'banner';
  component?: string;
  message: string;
}

export type ApiErrorsEvent = ApiFailedEvent | { type: 'app.bannerError'; message: string };

/** The banner shows beyond this many API errors. */
export const API_ERROR_LIMIT = 3;

export const apiErrorsMachine = setup({
  types: { context: {} as { errors: AppError[] }, events: {} as ApiErrorsEvent },
  actions: {
    push: assign({
      errors: ({ context, event }): AppError[] => [
        ...context.errors,
        event.type === 'app.bannerError'
          ? { type: 'banner', message: event.message }
          : {
              type: 'api',
              message: event.message,
              ...(event.component ? { component: event.component } : {}),
            },
      ],
    }),
  },
  guards: {
    /** The API error this event pushes is one past the limit. */
    isPastLimit: ({ context }) =>
      context.errors.filter((e) => e.type === 'api').length >= API_ERROR_LIMIT,
  },
}).createMachine({
  id: 'apiErrors',
  context: { errors: [] },
  initial: 'within',
  states: {
    within: {
      on: {
        'app.apiFailed': [
          { guard: 'isPastLimit', target: 'over', actions: 'push' },
          { actions: 'push' },
        ],
        'app.bannerError': { target: 'over', actions: 'push' },
      },
    },
    over: {
      tags: ['banner'],
      on: { 'app.apiFailed': { actions: 'push' }, 'app.bannerError': { actions: 'push' } },
    },
  },
});

type ApiErrorsSnapshot = SnapshotFrom<typeof apiErrorsMachine>;

export const selectErrorList = (snapshot: ApiErrorsSnapshot) => snapshot.context.errors;
/** portal.md §8 Banner, the list's part: more than 3 API errors, or any banner error. */
export const selectErrorsShowBanner = (snapshot: ApiErrorsSnapshot) => snapshot.hasTag('banner');
