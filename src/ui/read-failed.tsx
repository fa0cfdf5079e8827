import { createContext, useContext } from 'react';

/** portal.md §4 Loaders: what a section says when its read failed. */
export const ERROR_RETRIEVING_INFO = 'Error retrieving info';

/** What a section says when its read failed while offline: it was not kept on this device (issue 57). */
export const NOT_AVAILABLE_OFFLINE_SHORT = 'Not available offline';

/**
 * Whether the page is offline (kept answers, or no connection at all), as each app's root knows it
 * (`useAnyOffline`, pages/shared/offline.ts): every section's failed read then says "Not available
 * offline", not an outage. One value for the whole page, so no section can tell it otherwise.
 */
export const ReadsOffline = createContext(false);

/**
 * The words of a failed read: "Not available offline" while offline, else the section's own text
 * ("Error retrieving info" unless it has a §8 sentence). `offline`: a section that knows it is
 * offline though the page's value says not (a component shown outside the app's root).
 */
export function useReadFailedText(errorText: string = ERROR_RETRIEVING_INFO, offline?: boolean) {
  const pageOffline = useContext(ReadsOffline);
  return offline === true || pageOffline ? NOT_AVAILABLE_OFFLINE_SHORT : errorText;
}

/** A failed read's words as a paragraph, for sections that lay out the retry themselves. */
export function ReadFailedText(props: { errorText?: string; offline?: boolean }) {
  return <p>{useReadFailedText(props.errorText, props.offline)}</p>;
}
