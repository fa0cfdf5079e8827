import { useLingui } from '@lingui/react/macro';
import { createContext, useContext } from 'react';

/**
 * Whether the page is offline (kept answers, or no connection at all), as the portal's root knows it
 * (`OfflineReads`, pages/shared/offline-reads.tsx): every section's failed read then says "Not
 * available offline", not an outage (issue 57). One value for the whole page, so no section can
 * tell it otherwise.
 */
export const ReadsOffline = createContext(false);

/**
 * The words of a failed read: "Not available offline" while offline, else the section's own text
 * (portal.md §4 Loaders: "Error retrieving info" unless the section has its own §8 sentence).
 */
export function useReadFailedText(errorText?: string): string {
  const { t } = useLingui();
  if (useContext(ReadsOffline)) return t`Not available offline`;
  return errorText ?? t`Error retrieving info`;
}

/** A failed read's words as a paragraph, for sections that lay out the retry themselves. */
export const ReadFailedText = (props: { errorText?: string }) => (
  <p>{useReadFailedText(props.errorText)}</p>
);
