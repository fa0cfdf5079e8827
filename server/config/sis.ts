import { readFileSync } from 'node:fs';
import { ConfigError, isSafeUrl } from './env.js';
import type { Env } from './env.js';

/**
 * A secret held so that no log line, JSON or template prints it: only `reveal()` gives the value,
 * and the one caller is the Ethos client's auth exchange.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '(secret)';
  }
  toString(): string {
    return '(secret)';
  }
}

export type SisAdapterName = 'sample' | 'http' | 'ethos';

const refuse = (reason: string) => new ConfigError(`Invalid configuration:\n  ${reason}`);

function ethosKey(e: Env): Secret | null {
  if (e.ETHOS_API_KEY && e.ETHOS_API_KEY_FILE) {
    throw refuse('ETHOS_API_KEY and ETHOS_API_KEY_FILE: set one of them, not both');
  }
  if (e.ETHOS_API_KEY) return new Secret(e.ETHOS_API_KEY.trim());
  if (!e.ETHOS_API_KEY_FILE) return null;
  let text: string;
  try {
    text = readFileSync(e.ETHOS_API_KEY_FILE, 'utf8').trim();
  } catch (err) {
    const reason = err instanceof Error && 'code' in err ? String(err.code) : 'unreadable';
    throw refuse(`ETHOS_API_KEY_FILE: cannot read ${e.ETHOS_API_KEY_FILE} (${reason})`);
  }
  if (text.length < 8 || text.length > 500 || /\s/.test(text)) {
    throw refuse(`ETHOS_API_KEY_FILE: ${e.ETHOS_API_KEY_FILE} does not hold one API key`);
  }
  return new Secret(text);
}

/**
 * Which adapter fills the SIS port, and its settings. Unset SIS_ADAPTER keeps the old rule (`http`
 * when SIS_BASE_URL is set, else `sample`); a half configuration (an adapter without its settings,
 * or one adapter's settings beside another adapter) is refused, so a process never quietly reads
 * sample records while the operator believes it reads Banner.
 */
export function sisAdapterConfig(e: Env) {
  const adapter: SisAdapterName = e.SIS_ADAPTER ?? (e.SIS_BASE_URL ? 'http' : 'sample');
  const key = ethosKey(e);
  if (adapter === 'http' && !e.SIS_BASE_URL) {
    throw refuse('SIS_ADAPTER=http needs SIS_BASE_URL');
  }
  if (adapter !== 'http' && (e.SIS_BASE_URL || e.SIS_TOKEN)) {
    throw refuse(`SIS_BASE_URL/SIS_TOKEN are the http adapter's, but SIS_ADAPTER=${adapter}`);
  }
  if (adapter === 'ethos' && !key) {
    throw refuse('SIS_ADAPTER=ethos needs ETHOS_API_KEY or ETHOS_API_KEY_FILE');
  }
  if (adapter !== 'ethos' && (key || e.ETHOS_CONSUME)) {
    throw refuse(`ETHOS_* settings are the ethos adapter's, but SIS_ADAPTER=${adapter}`);
  }
  const ethosBase = new URL(e.ETHOS_BASE_URL);
  if (!isSafeUrl(ethosBase)) {
    throw refuse('ETHOS_BASE_URL: must be https (plain http only to a loopback host)');
  }
  return {
    adapter,
    /** The http adapter's upstream (SIS_ADAPTER=http). */
    baseUrl: adapter === 'http' ? e.SIS_BASE_URL : undefined,
    token: e.SIS_TOKEN,
    ethos:
      adapter === 'ethos' && key
        ? {
            baseUrl: ethosBase.toString().replace(/\/$/, ''),
            apiKey: key,
            /** Where the key came from, for the start-up report (never the key itself). */
            keySource: e.ETHOS_API_KEY_FILE
              ? `ETHOS_API_KEY_FILE ${e.ETHOS_API_KEY_FILE}`
              : 'ETHOS_API_KEY',
            personCredential: e.ETHOS_PERSON_CREDENTIAL,
            idCredential: e.ETHOS_ID_CREDENTIAL,
            consume: e.ETHOS_CONSUME,
          }
        : null,
  };
}
