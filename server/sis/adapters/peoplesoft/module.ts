import { ConfigError } from '../../../config/env-values.js';
import { PeopleSoftSis } from '../../peoplesoft/adapter.js';
import type { SisAdapterModule } from '../adapter-module.js';

/**
 * PeopleSoft Campus Solutions: its delivered REST services, as the student or a service account.
 * No pre-flight yet: the connect check ("connected as", "token refused") is a later piece (issue 91).
 */
export const peoplesoft: SisAdapterModule = {
  open(config, store) {
    const { peoplesoft: settings, timeoutMs } = config.sis;
    if (!settings) throw new ConfigError('SIS_ADAPTER=peoplesoft without its settings');
    return new PeopleSoftSis({
      ...settings,
      timeoutMs,
      zone: config.campus.timeZone,
      onListCut: store.onListCut,
    });
  },
};
