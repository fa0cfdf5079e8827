import { z } from 'zod';
import { optional } from '../../config/env-values.js';
import { envOfAll } from '../../config/variant.js';
import { ethosSettings } from './ethos/settings.js';
import { httpSettings } from './http/settings.js';
import { peoplesoftSettings } from './peoplesoft/settings.js';
import { sampleSettings } from './sample/settings.js';

/**
 * Every SIS adapter's settings, the one place an adapter is named: `SIS_ADAPTER`'s values, the
 * environment schema, the refusals, the start-up report line and docs/configuration.md come from
 * here; `index.ts` holds what opens each, in a `Record` over these names, so an adapter named here
 * without its module does not compile. Order: the docs' and the report's.
 */
export const SIS_ADAPTER_SETTINGS = {
  sample: sampleSettings,
  http: httpSettings,
  ethos: ethosSettings,
  peoplesoft: peoplesoftSettings,
};

export type SisAdapterName = keyof typeof SIS_ADAPTER_SETTINGS;

/** The adapters' names, in the list's order. */
export const SIS_ADAPTER_NAMES = Object.keys(SIS_ADAPTER_SETTINGS) as [
  SisAdapterName,
  ...SisAdapterName[],
];

/** `SIS_ADAPTER` and every adapter's own variables, merged into config/env.ts's schema. */
export const sisAdapterEnv = {
  /** Which SIS adapter; unset: one its own variables imply (`http` for SIS_BASE_URL), else `sample`. */
  SIS_ADAPTER: optional(z.enum(SIS_ADAPTER_NAMES)),
  ...envOfAll(SIS_ADAPTER_SETTINGS),
};
