import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messageKey } from './message-key.js';

/**
 * A toast is known by its message: the list never holds two with the same one. The message is one
 * of the catalogue's, translated where the toast is shown (issue 59).
 */
export interface Toast {
  message: MessageDescriptor;
  level: 'error' | 'info';
}

/** next-steps.md §5: the notification list refuses a toast whose message already exists. */
export function addToast(list: readonly Toast[], toast: Toast): Toast[] {
  const key = messageKey(toast.message);
  return list.some((t) => messageKey(t.message) === key) ? [...list] : [...list, toast];
}

/** The list without the toast of `message` (dismissed). */
export const removeToast = (list: readonly Toast[], message: MessageDescriptor): Toast[] =>
  list.filter((t) => messageKey(t.message) !== messageKey(message));

/** next-steps.md §8: the toast shown on repeated failures, verbatim. */
export const TROUBLE_CONNECTING = msg`Trouble connecting... Please try again in a moment`;
