/**
 * The Next Steps list's error state and toasts (next-steps.md §4 Error state, §8), a child of
 * task-list.machine.ts invoked as `errors` for as long as the list runs. The list reports each
 * failure (`errors.failed`, its detail for the log) and each success (`errors.cleared`). The run of
 * consecutive errors is this machine's state: `clear`, `once`, `twice`, then `inError` (above 2,
 * next-steps.md §9's threshold: the list shows its error panel). "Trouble connecting" is added only on the first two errors of a run,
 * and a toast is never held twice; dismissing one ends the run. A screen may ask for that toast
 * directly (`notify.trouble`), and a change kept offline that was not sent is told as a toast
 * (`outbox.refused`, issue 44).
 */
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { TROUBLE_CONNECTING, addToast, removeToast } from '../lib/toasts.js';
import type { Toast } from '../lib/toasts.js';
import type { OutboxReport } from './outbox.machine.js';

export interface ListErrorsContext {
  /** The last failure's detail, while a run of errors lasts. */
  error: string | null;
  notifications: Toast[];
}

export type ListErrorsEvent =
  | { type: 'errors.failed'; message: string }
  | { type: 'errors.cleared' }
  | { type: 'toast.dismiss'; message: Toast['message'] }
  | { type: 'notify.trouble' }
  | Extract<OutboxReport, { type: 'outbox.refused' }>;

/** A failure: held, logged, and told with the toast where `toast` says (the run is below 2). */
const failed = (target: string, toast: boolean) => ({
  target,
  actions: toast
    ? (['holdError', 'logFailure', 'addTroubleToast'] as const)
    : (['holdError', 'logFailure'] as const),
});

export const listErrorsMachine = setup({
  types: { context: {} as ListErrorsContext, events: {} as ListErrorsEvent },
  actions: {
    holdError: assign(({ event }) =>
      event.type === 'errors.failed' ? { error: event.message } : {},
    ),
    /** The technical detail of a failure is for the log; students read a sentence instead. */
    logFailure: ({ event }) => {
      if (event.type === 'errors.failed') console.error(`Next Steps: ${event.message}`);
    },
    clearError: assign({ error: null }),
    /** next-steps.md §8: "Trouble connecting", added once (the list refuses duplicates). */
    addTroubleToast: assign(({ context }) => ({
      notifications: addToast(context.notifications, {
        message: TROUBLE_CONNECTING,
        level: 'error',
      }),
    })),
    removeToast: assign(({ context, event }) =>
      event.type === 'toast.dismiss'
        ? { notifications: removeToast(context.notifications, event.message) }
        : {},
    ),
    /**
     * A change kept offline that was not sent (issue 44): the task was changed elsewhere meanwhile
     * and shows the server's record, or it is no longer in the list. Told once, in plain words.
     */
    addRefusedToast: assign(({ context, event }) => {
      if (event.type !== 'outbox.refused') return {};
      const { settled } = event;
      const title = settled.kind === 'conflict' ? settled.userTask.task.title : '';
      const message =
        settled.kind === 'conflict'
          ? msg`Your change to “${title}” made offline was not sent: it had been changed elsewhere, so it shows what was saved there.`
          : msg`A change you made offline was not sent: the task is no longer in your list.`;
      return { notifications: addToast(context.notifications, { message, level: 'info' }) };
    }),
  },
}).createMachine({
  id: 'listErrors',
  context: { error: null, notifications: [] },
  initial: 'clear',
  on: {
    // A success ends the run of consecutive errors, and so does dismissing a toast.
    'errors.cleared': { target: '.clear', actions: 'clearError' },
    'toast.dismiss': { target: '.clear', actions: ['removeToast', 'clearError'] },
    'notify.trouble': { actions: 'addTroubleToast' },
    'outbox.refused': { actions: 'addRefusedToast' },
  },
  states: {
    clear: { on: { 'errors.failed': failed('once', true) } },
    once: { tags: ['failing'], on: { 'errors.failed': failed('twice', true) } },
    twice: { tags: ['failing'], on: { 'errors.failed': failed('inError', false) } },
    inError: { tags: ['failing', 'inError'], on: { 'errors.failed': failed('inError', false) } },
  },
});
