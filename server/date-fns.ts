import { Module, createRequire } from 'node:module';
import type * as AddDays from 'date-fns/addDays';
import type * as Format from 'date-fns/format';
import type * as GetDefaultOptions from 'date-fns/getDefaultOptions';
import type * as ParseISO from 'date-fns/parseISO';
import type * as FormatInTimeZone from 'date-fns-tz/formatInTimeZone';
import type * as FromZonedTime from 'date-fns-tz/fromZonedTime';

/**
 * date-fns and date-fns-tz for the server, loaded as CommonJS. Their ES module builds cost Node 24
 * seconds and hundreds of megabytes at start-up: its ES module resolver reads a package's
 * `package.json` again for every module file it resolves, date-fns's is 199 kB, and date-fns-tz's
 * `format` imports date-fns's index (304 module files, each resolved with that file read again). Measured on this project's machine:
 * `import('date-fns-tz')` 8–9 s and 530–580 MB peak; `require('date-fns-tz')` 0.2–0.3 s above a
 * bare Node and 71 MB. The browser bundles are built by Vite and unaffected.
 *
 * Each function comes from its own entry point, so a process (and the feeds' parse thread, which
 * loads this too) loads the few dozen files they need rather than the packages' indexes.
 */
const require = createRequire(import.meta.url);

/**
 * date-fns-tz's zone-name formatter (the `z` tokens) requires date-fns's index, all 299 of its
 * files, for `getDefaultOptions` alone. While date-fns-tz loads, and only then, the index's place
 * in the module cache holds that one function, the same one (date-fns's options live in one
 * module); the formatter keeps the object it was given and reads it when it formats. Any later
 * `require('date-fns')` loads the real index.
 */
function withoutDateFnsIndex<T>(load: () => T): T {
  const index = require.resolve('date-fns', {
    paths: [require.resolve('date-fns-tz/formatInTimeZone')],
  });
  if (require.cache[index]) return load();
  const { getDefaultOptions } = require('date-fns/getDefaultOptions') as typeof GetDefaultOptions;
  const stand = new Module(index);
  stand.filename = index;
  stand.loaded = true;
  stand.exports = { getDefaultOptions };
  require.cache[index] = stand;
  try {
    return load();
  } finally {
    if (require.cache[index] === stand) delete require.cache[index];
  }
}

const { formatInTimeZone } = withoutDateFnsIndex(
  () => require('date-fns-tz/formatInTimeZone') as typeof FormatInTimeZone,
);
const { fromZonedTime } = require('date-fns-tz/fromZonedTime') as typeof FromZonedTime;
const { addDays } = require('date-fns/addDays') as typeof AddDays;
const { format } = require('date-fns/format') as typeof Format;
const { parseISO } = require('date-fns/parseISO') as typeof ParseISO;

export { addDays, format, formatInTimeZone, fromZonedTime, parseISO };
