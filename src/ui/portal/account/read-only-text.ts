import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReadOnly } from '../../../lib/read-only.js';

/** READ_ONLY_TEXT (src/lib/read-only.ts) in the reader's language: what a control that cannot save says. */
const READ_ONLY = {
  demo: msg`Changes are not saved in demo mode.`,
  offline: msg`You’re offline: changes can be saved again once you’re back online.`,
  'view-as': msg`Read only while you view as this student.`,
} as const;

/** Why changes cannot be saved now, in the page's language, for a control of the Account page. */
export function useReadOnlyText(): (readOnly: Exclude<ReadOnly, null>) => string {
  const { i18n } = useLingui();
  return (readOnly) => i18n._(READ_ONLY[readOnly]);
}
