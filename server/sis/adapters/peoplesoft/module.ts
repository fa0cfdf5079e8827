import { ConfigError } from '../../../config/env-values.js';
import { PeopleSoftSis } from '../../peoplesoft/adapter.js';
import { checkPeopleSoft } from '../../peoplesoft/check.js';
import type { SisAdapterModule } from '../adapter-module.js';

/**
 * PeopleSoft Campus Solutions: its delivered REST services, as the student or a service account.
 * Its pre-flight (`peoplesoft/check.ts`): as the service account, one test student's profile read
 * (`--as <EmplID>`, else PEOPLESOFT_CHECK_EMPLID); as the student, the profile read with a test
 * student's token (`--token-file`), else Integration Broker's answer to a call without a token and
 * the plain word that only a sign-in gives one.
 */
export const peoplesoft: SisAdapterModule = {
  open(config, store) {
    const { peoplesoft: settings, timeoutMs } = config.sis;
    if (!settings) throw new ConfigError('SIS_ADAPTER=peoplesoft without its settings');
    return new PeopleSoftSis({
      ...settings,
      timeoutMs,
      zone: config.campus.timeZone,
      studentAccount: config.campusSis.peoplesoft.studentAccount,
      onListCut: store.onListCut,
      ...(store.portalClock ? { now: store.portalClock } : {}),
    });
  },
  connect(config, options) {
    const { peoplesoft: settings } = config.sis;
    if (!settings) return null;
    const emplid = options.as ?? settings.checkEmplid;
    return (signal, ms) => checkPeopleSoft(settings, { emplid, token: options.token }, signal, ms);
  },
};
