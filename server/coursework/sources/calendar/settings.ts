import { defineVariantSettings } from '../../../config/variant.js';

/** The student's own LMS calendar feed, pasted on Account: always there, no settings. */
export const calendarSettings = defineVariantSettings({
  env: {},
  read: (_e, _context: { publicOrigin: string }) => ({}),
  // Always there: the Canvas line says so when Canvas is not set up.
  report: () => '',
  docs: {
    intro:
      "The calendar feed: each student pastes their LMS's calendar feed address on Account (any LMS). No settings.",
    rows: {},
  },
});
