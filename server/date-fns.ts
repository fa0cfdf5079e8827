import { createRequire } from 'node:module';
import type * as DateFns from 'date-fns';
import type * as DateFnsTz from 'date-fns-tz';

/**
 * date-fns and date-fns-tz for the server, loaded as CommonJS. Their ES module builds cost Node 24
 * seconds and hundreds of megabytes at start-up: its ES module resolver reads a package's
 * `package.json` again for every module file it resolves, date-fns's is 199 kB, and date-fns-tz's
 * `format` imports date-fns's index (304 module files, each resolved with that file read again). Measured on this project's machine:
 * `import('date-fns-tz')` 8–9 s and 530–580 MB peak; `require('date-fns-tz')` 0.2–0.3 s above a
 * bare Node and 71 MB. The browser bundles are built by Vite and unaffected.
 */
const require = createRequire(import.meta.url);
const dateFnsTz = require('date-fns-tz') as typeof DateFnsTz;
const dateFns = require('date-fns') as typeof DateFns;

export const { formatInTimeZone, fromZonedTime } = dateFnsTz;
export const { addDays, format, parseISO } = dateFns;
