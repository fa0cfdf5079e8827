import { i18n } from '@lingui/core';
import { NO_CLASS_STANDING, TRANSFER_STANDING } from './academics.js';

/**
 * portal.md §5: class standing "Transfer" is shown as "Freshman - Awaiting Transfer Credits" (in the
 * reader's language); none is NO_CLASS_STANDING, which the card shows as its translated empty text.
 */
export function classStandingLabel(standing: string | null | undefined): string {
  const value = standing?.trim();
  if (!value) return NO_CLASS_STANDING;
  return value === 'Transfer' ? i18n._(TRANSFER_STANDING) : value;
}
