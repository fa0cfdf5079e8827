import type { Config } from '../../config.js';
import { DegreeWorksSource } from '../degreeworks/source.js';
import type { SisPort } from '../port.js';
import type {
  ConnectOptions,
  ConnectProbe,
  SharedStore,
  SisAdapterModule,
} from './adapter-module.js';
import { ethos } from './ethos/module.js';
import { http } from './http/module.js';
import { peoplesoft } from './peoplesoft/module.js';
import { sample } from './sample/module.js';
import type { SisAdapterName } from './settings.js';

export type { ConnectOptions, SharedStore } from './adapter-module.js';

/**
 * What opens each SIS adapter: a `Record` over the names of `settings.ts`, the one list, so an
 * adapter listed there fails to compile until its module is here.
 */
export const SIS_ADAPTERS: Readonly<Record<SisAdapterName, SisAdapterModule>> = {
  sample,
  http,
  ethos,
  peoplesoft,
};

/**
 * The adapter SIS_ADAPTER names, opened; with `DEGREE_SOURCE=degreeworks` wrapped so that its
 * `degree-progress` read comes from DegreeWorks, every other read from the adapter (issue 92).
 */
export function openSis(config: Config, store: SharedStore = {}): SisPort {
  const sis = SIS_ADAPTERS[config.sis.adapter].open(config, store);
  const { degree, timeoutMs } = config.sis;
  if (degree.source === 'sis') return sis;
  return new DegreeWorksSource(sis, { ...degree, timeoutMs, onListCut: store.onListCut });
}

/** The SIS adapter itself, under the DegreeWorks wrapping when there is one. */
export const adapterOf = (sis: SisPort): SisPort =>
  sis instanceof DegreeWorksSource ? sis.sis : sis;

/** The configured adapter's pre-flight check, when it connects anywhere. */
export const sisConnectProbe = (config: Config, options: ConnectOptions): ConnectProbe | null =>
  SIS_ADAPTERS[config.sis.adapter].connect?.(config, options) ?? null;
