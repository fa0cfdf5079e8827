import { ConfigError } from '../../../config/env-values.js';
import { checkEthos } from '../../connect-check.js';
import { EthosSis } from '../../ethos/adapter.js';
import type { SisAdapterModule } from '../adapter-module.js';

/**
 * Ellucian Ethos: the code tables in the processes' shared store when given, else in the process;
 * its pre-flight exchanges the key and reads one code table.
 */
export const ethos: SisAdapterModule = {
  open(config, store) {
    const { ethos: settings, timeoutMs } = config.sis;
    if (!settings) throw new ConfigError('SIS_ADAPTER=ethos without its settings');
    return new EthosSis({
      ...settings,
      ...store,
      timeoutMs,
      versions: config.campusSis.ethos.versions,
      zone: config.campus.timeZone,
      mapPlaceUrl: config.campus.maps.placeUrl,
      campusSis: config.campusSis,
    });
  },
  connect(config) {
    const { ethos: settings } = config.sis;
    if (!settings) return null;
    const versions = config.campusSis.ethos.versions;
    return (_signal, ms) => checkEthos(settings, versions, ms);
  },
};
