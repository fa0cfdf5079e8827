import { SAMPLE_USERNAME, checkHttpSis } from '../../connect-check.js';
import { HttpSis } from '../../http-adapter.js';
import type { SisAdapterModule } from '../adapter-module.js';

/** The HTTP adapter; its pre-flight reads one identity with the adapter's token. */
export const http: SisAdapterModule = {
  open(config, store) {
    const { baseUrl, token, timeoutMs } = config.sis;
    return new HttpSis({ baseUrl: baseUrl ?? '', token, timeoutMs, onListCut: store.onListCut });
  },
  connect(config, options) {
    const { baseUrl, token } = config.sis;
    if (!baseUrl) return null;
    const username = options.as ?? SAMPLE_USERNAME;
    return (signal, ms) => checkHttpSis({ baseUrl, token }, username, signal, ms);
  },
};
