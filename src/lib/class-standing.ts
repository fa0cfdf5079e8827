import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The class standing's rules, apart from the rest of Academics' (`academics.ts`): the dashboard's
 * profile summary reads them on the first route, which the Academics page's rules stay out of.
 */
export const NO_CLASS_STANDING = 'No Class Standing/Not Applicable';
/** The portal's own words for the SIS's "Transfer", read in the reader's language. */
export const TRANSFER_STANDING = msg`Freshman - Awaiting Transfer Credits`;

/**
 * portal.md §5: class standing "Transfer" is shown as "Freshman - Awaiting Transfer Credits" (in the
 * reader's language); none is NO_CLASS_STANDING, which the card shows as its translated empty text.
 */
export function classStandingLabel(standing: string | null | undefined): string {
  const value = standing?.trim();
  if (!value) return NO_CLASS_STANDING;
  return value === 'Transfer' ? i18n._(TRANSFER_STANDING) : value;
}
