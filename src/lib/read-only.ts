import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Why the person's changes cannot be saved just now, or null when they can: demo data is never
 * saved; offline (issue 44) the page shows what was kept and a change could only fail, so the
 * controls that write wait, saying why, until the connection is back; while support views the
 * portal as the student (issue 73) nothing is saved, and the controls say so; nor while a delegate
 * reads what a student shared with them (issue 88), but for what their grant lets them do (pay).
 */
export type ReadOnly = 'demo' | 'offline' | 'view-as' | 'delegate' | null;

const READ_ONLY: Record<Exclude<ReadOnly, null>, MessageDescriptor> = {
  demo: msg`Changes are not saved in demo mode.`,
  offline: msg`You’re offline: changes can be saved again once you’re back online.`,
  'view-as': msg`Read only while you view as this student.`,
  delegate: msg`Read only: this was shared with you to read.`,
};

/** The reason's message, for a list that translates where it shows it (Next Steps' toasts). */
export const readOnlyMessage = (readOnly: Exclude<ReadOnly, null>): MessageDescriptor =>
  READ_ONLY[readOnly];

/** What a control that cannot save says in place of its status, in the reader's language. */
export const readOnlyText = (readOnly: Exclude<ReadOnly, null>): string =>
  i18n._(READ_ONLY[readOnly]);
