import { msg } from '@lingui/core/macro';
import type { UserResult } from '../api/user.js';
import type { AppEvent } from './app.machine.js';
import type { AppReport } from './app-report.js';
import type { DemoReport } from './demo.machine.js';
import type { GuardReport } from './guard.context.js';

/**
 * What the portal machine hears (src/machines/portal.machine.ts) and makes of it: the guard's user
 * answer as the app's event, a failed demo toggle as the flash message's words.
 */

/** Events from outside the actors (the API client and the router) and the actors' reports. */
export type PortalEvent =
  { type: 'http.outage' } | { type: 'router.navigated' } | GuardReport | AppReport | DemoReport;

/** What a student reads when demo mode could not be switched (translated by the flash messages). */
const DEMO_NOT_STARTED = msg`Demo mode could not be started. Please try again in a moment.`;
const DEMO_NOT_ENDED = msg`Demo mode could not be ended. Please try again in a moment.`;
export const demoFailureMessage = (turningOn: boolean) =>
  turningOn ? DEMO_NOT_STARTED : DEMO_NOT_ENDED;

export const userEvent = (result: UserResult): AppEvent =>
  result.kind === 'user'
    ? { type: 'app.userLoaded', user: result.user }
    : result.kind === 'delegate'
      ? { type: 'app.delegateLoaded', share: result.share }
      : result.kind === 'provisional'
        ? { type: 'app.provisional' }
        : { type: 'app.signedOut' };
