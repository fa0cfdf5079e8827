/**
 * portal.md §4 Demo mode: while this cookie is set, the data calls of a user holding the demo right
 * answer from demo data (plugins/app/data-sources.ts decides).
 */
export const DEMO_COOKIE = 'portal_demo';
/** Marks that the demo-mode message has been shown. */
export const DEMO_MESSAGE_COOKIE = 'portal_demo_message';
/** Demo lasts about one hour; both cookies live that long. */
export const DEMO_LIFETIME_SECONDS = 60 * 60;
/** The demo student's preferences record: the one record demo mode saves (its dashboard layout). */
export const DEMO_PREFERENCES_PK = 0;
