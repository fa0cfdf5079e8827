import { defineVariantSettings } from '../../../config/variant.js';

/** The embedded sample SIS (`sample-adapter.ts`): no settings of its own. */
export const sampleSettings = defineVariantSettings({
  env: {},
  read: () => ({}),
  report: () => 'the embedded sample SIS (sample people and records; SIS_ADAPTER=sample)',
  docs: {
    intro:
      '`SIS_ADAPTER=sample`: the embedded records of `server/sis/fixtures/`, one per persona. No settings.',
    rows: {},
  },
});
