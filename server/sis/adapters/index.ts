import type { Config } from '../../config.js';
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

/** The adapter SIS_ADAPTER names, opened. */
export const openSis = (config: Config, store: SharedStore = {}): SisPort =>
  SIS_ADAPTERS[config.sis.adapter].open(config, store);

/** The configured adapter's pre-flight check, when it connects anywhere. */
export const sisConnectProbe = (config: Config, options: ConnectOptions): ConnectProbe | null =>
  SIS_ADAPTERS[config.sis.adapter].connect?.(config, options) ?? null;
