import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { flag, httpUrl, isSafeUrl, optional, refuse } from '../../../config/env-values.js';
import { Secret } from '../../../config/secret.js';
import { defineVariantSettings } from '../../../config/variant.js';
import type { VariantEnv } from '../../../config/variant.js';
import { printableUrl } from '../../../net/printable-url.js';

const env = {
  /** Ellucian Ethos Integration (SIS_ADAPTER=ethos): its regional host, or a loopback test double. */
  ETHOS_BASE_URL: optional(httpUrl).default('https://integrate.elluciancloud.com'),
  /** The Ethos application's API key, or a file holding it: a secret, never logged. */
  ETHOS_API_KEY: optional(z.string().min(8).max(500)),
  ETHOS_API_KEY_FILE: optional(z.string().max(4096)),
  /** The `persons.credentials[].type` that holds the sign-in username, and the one of the student number. */
  ETHOS_PERSON_CREDENTIAL: optional(z.string().min(1).max(64)).default('bannerUserName'),
  ETHOS_ID_CREDENTIAL: optional(z.string().min(1).max(64)).default('bannerId'),
  /** 1: poll Ethos change notifications and drop the cached reads of the people they name. */
  ETHOS_CONSUME: optional(flag).default(false),
};
type EthosEnv = VariantEnv<typeof env>;

function ethosKey(e: EthosEnv): Secret | null {
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

/** Banner or Colleague through Ellucian Ethos Integration (`server/sis/ethos/`). */
export const ethosSettings = defineVariantSettings({
  env,
  read(e, chosen) {
    const key = ethosKey(e);
    if (chosen && !key) throw refuse('SIS_ADAPTER=ethos needs ETHOS_API_KEY or ETHOS_API_KEY_FILE');
    const base = new URL(e.ETHOS_BASE_URL);
    if (!isSafeUrl(base)) {
      throw refuse('ETHOS_BASE_URL: must be https (plain http only to a loopback host)');
    }
    return {
      ethos:
        chosen && key
          ? {
              baseUrl: base.toString().replace(/\/$/, ''),
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
  },
  stray: {
    given: (e) => Boolean(e.ETHOS_API_KEY || e.ETHOS_API_KEY_FILE || e.ETHOS_CONSUME),
    words: "ETHOS_* settings are the ethos adapter's",
  },
  // The key's source, never the key.
  report: ({ ethos }) =>
    ethos
      ? `Ellucian Ethos at ${printableUrl(ethos.baseUrl)} (SIS_ADAPTER=ethos; key from ${ethos.keySource}; ` +
        `username credential ${ethos.personCredential}, student number ${ethos.idCredential}; ` +
        `change notifications ${ethos.consume ? 'consumed (ETHOS_CONSUME=1)' : 'off'})`
      : 'Ellucian Ethos (SIS_ADAPTER=ethos)',
  docs: {
    intro:
      '`SIS_ADAPTER=ethos`: Banner or Colleague through Ellucian Ethos Integration, [operations.md](operations.md#connecting-banner-or-colleague-through-ethos).',
    rows: {
      ETHOS_BASE_URL: [
        '`https://integrate.elluciancloud.com`',
        "Ethos Integration's host (the regional ones: `.ca`, `.ie`, `.com.au`; any `https` URL; plain `http` only to a loopback host, for tests).",
      ],
      ETHOS_API_KEY: [
        'unset',
        "The API key of the campus's Ethos application (`SIS_ADAPTER=ethos`). A secret: never logged nor printed by `npm run config:check`.",
      ],
      ETHOS_API_KEY_FILE: ['unset', 'A file holding the key instead (one of the two, not both).'],
      ETHOS_PERSON_CREDENTIAL: [
        '`bannerUserName`',
        'The `persons.credentials[].type` holding the sign-in username (`colleagueUserName` on Colleague).',
      ],
      ETHOS_ID_CREDENTIAL: [
        '`bannerId`',
        'The credential shown as the student number (`colleaguePersonId` on Colleague).',
      ],
      ETHOS_CONSUME: [
        '`0`',
        '`1`: poll Ethos change notifications (one process at a time, under a lease in the store) and drop the cached reads of the person or section each names; never while `NOTIFY_PAUSED=1`.',
      ],
    },
  },
});
