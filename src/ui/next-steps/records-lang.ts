import type { RECORDS_LANG as PortalRecordsLang } from '../record-text.js';

/**
 * The records' language (`src/ui/record-text.tsx`'s `RECORDS_LANG`, issue 76), checked against it
 * by type only: importing that module's value from Next Steps moves it into a chunk both apps load,
 * adding bytes to the portal's first route.
 */
export const RECORDS_LANG: typeof PortalRecordsLang = 'en';
