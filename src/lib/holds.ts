import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatCalendarDate } from './time.js';

/**
 * Student information systems write "no end" as a far-future placeholder (2099-12-31, 9999-12-31)
 * because the field is required; from this year on a date is read as that placeholder.
 */
export const NO_END_DATE_FROM_YEAR = 2099;

const NO_END_DATE = msg`No end date`;

/** A hold's "To" as a person reads it: the date, or "No end date" (translated) for the placeholder. */
export function holdEndText(date: string): string {
  const year = Number(date.slice(0, 4));
  return year >= NO_END_DATE_FROM_YEAR ? i18n._(NO_END_DATE) : formatCalendarDate(date);
}
