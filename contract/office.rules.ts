/**
 * An office's name as a campaign and an appointment are matched (issue 92): without regard to case
 * or spaces, so "Advising Center", "advising center" and "AdvisingCenter" are one office. The
 * campus configuration's office calendars name each office once by it.
 */
export function officeKey(office: string | null | undefined): string | null {
  if (office === null || office === undefined) return null;
  const key = office.normalize('NFC').toLowerCase().replace(/\s+/gu, '');
  return key === '' ? null : key;
}
