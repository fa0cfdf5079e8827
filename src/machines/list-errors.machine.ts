/**
 * The Next Steps list's error state and toasts (next-steps.md §4 Error state, §8), a child of
 * task-list.machine.ts invoked as `errors` for as long as the list runs. The list passes on each
 * outcome its children report as they report it: a failure (a load, a refetch, a task's save, an
 * acknowledgement; its detail is for the log) or a success (tasks fetched, a task saved, a message
 * acknowledged, Try again). The run of
 * consecutive errors is this machine's state: `clear`, `once`, `twice`, then `inError` (above 2,
 * next-steps.md §9's threshold: the list shows its error panel). "Trouble connecting" is added only on the first two errors of a run,
 * and a toast is never held twice; dismissing one ends the run. A screen may ask for that toast
 * directly (`notify.trouble`), and a change kept offline that was not sent is told as a toast
 * (`outbox.refused`, issue 44). A change the server refused as read only (support viewing as the
 * student, issue 87) is no trouble connecting: it is told with the read-only reason and not counted.
 */
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { TROUBLE_CONNECTING, addToast, removeToast } from '../lib/toasts.js';
import { readOnlyMessage } from '../lib/read-only.js';
import { isReadOnlyRefusal } from '../api/errors.js';
import type { Toast } from '../lib/toasts.js';
import type { OutboxReport } from './outbox.machine.js';

export interface ListErrorsContext {
  /** The last failure's detail, while a run of errors lasts. */
  error: string | null;
  notifications: Toast[];
}

/** A failure the list's children report: counted, its detail logged. */
export type ListFailure =
  | { type: 'load.failed' | 'refresh.failed' | 'message.failed'; error: unknown }
  | { type: 'task.failed'; message: string };

/** A success the list's children report, or Try again: either ends a run of errors. */
export type ListSuccess = {
  type: 'tasks.fetched' | 'task.saved' | 'message.acknowledged' | 'list.retry';
};

export type ListErrorsEvent =
  | ListFailure
  | ListSuccess
  | { type: 'toast.dismiss'; message: Toast['message'] }
  | { type: 'notify.trouble' }
  | Extract<OutboxReport, { type: 'outbox.refused' }>;

const FAILURES = ['load.failed', 'refresh.failed', 'message.failed', 'task.failed'] as const;
const SUCCESSES = ['tasks.fetched', 'task.saved', 'message.acknowledged', 'list.retry'] as const;

/** The detail of a failure for the log: its report's message, else its error's, else §8's text. */
export function failureDetail(failure: ListFailure): string {
  if ('message' in failure) return failure.message;
  return failure.error instanceof Error
    ? failure.error.message
    : // eslint-disable-next-line i18n/no-literal-text -- the console's detail, never shown
      'There was a problem with your request';
}

/**
 * Each failure: held, logged, and told with the toast where `toast` says (the run is below 2); a
 * refusal as read only is told with its reason and leaves the run as it is.
 */
const failed = (target: string, toast: boolean) => {
  const actions = toast
    ? (['holdError', 'logFailure', 'addTroubleToast'] as const)
    : (['holdError', 'logFailure'] as const);
  const refused = { guard: 'isReadOnlyRefusal', actions: 'addReadOnlyToast' } as const;
  return Object.fromEntries(FAILURES.map((type) => [type, [refused, { target, actions }]]));
};
/** Each success, and dismissing a toast, ends the run of consecutive errors. */
const cleared = Object.fromEntries(
  SUCCESSES.map((type) => [type, { target: '.clear', actions: 'clearError' }] as const),
);
const isFailure = (event: ListErrorsEvent): event is ListFailure =>
  (FAILURES as readonly string[]).includes(event.type);

export const listErrorsMachine = setup({
  types: { context: {} as ListErrorsContext, events: {} as ListErrorsEvent },
  guards: {
    isReadOnlyRefusal: ({ event }) => 'error' in event && isReadOnlyRefusal(event.error),
  },
  actions: {
    holdError: assign(({ event }) => (isFailure(event) ? { error: failureDetail(event) } : {})),
    /** The technical detail of a failure is for the log; students read a sentence instead. */
    logFailure: ({ event }) => {
      if (isFailure(event)) console.error(`Next Steps: ${failureDetail(event)}`);
    },
    clearError: assign({ error: null }),
    /** next-steps.md §8: "Trouble connecting", added once (the list refuses duplicates). */
    addTroubleToast: assign(({ context }) => ({
      notifications: addToast(context.notifications, {
        message: TROUBLE_CONNECTING,
        level: 'error',
      }),
    })),
    /** Issue 87: the read-only reason, in place of "Trouble connecting". */
    addReadOnlyToast: assign(({ context }) => ({
      notifications: addToast(context.notifications, {
        message: readOnlyMessage('view-as'),
        level: 'info',
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
    ...cleared,
    'toast.dismiss': { target: '.clear', actions: ['removeToast', 'clearError'] },
    'notify.trouble': { actions: 'addTroubleToast' },
    'outbox.refused': { actions: 'addRefusedToast' },
  },
  states: {
    clear: { on: failed('once', true) },
    once: { tags: ['failing'], on: failed('twice', true) },
    twice: { tags: ['failing'], on: failed('inError', false) },
    inError: { tags: ['failing', 'inError'], on: failed('inError', false) },
  },
});
