import { z } from 'zod';
import { optional, refuse, withoutCredentials } from '../../../config/env-values.js';
import { defineVariantSettings } from '../../../config/variant.js';
import { printableUrl } from '../../../net/printable-url.js';

/** The HTTP adapter (`http-adapter.ts`): a service answering the portal's own SIS contract. */
export const httpSettings = defineVariantSettings({
  env: {
    SIS_BASE_URL: optional(
      withoutCredentials(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })),
    ),
    SIS_TOKEN: optional(z.string()),
  },
  implied: (e) => e.SIS_BASE_URL !== undefined,
  read(e, chosen) {
    if (chosen && !e.SIS_BASE_URL) throw refuse('SIS_ADAPTER=http needs SIS_BASE_URL');
    return {
      /** The http adapter's upstream (SIS_ADAPTER=http). */
      baseUrl: chosen ? e.SIS_BASE_URL : undefined,
      token: e.SIS_TOKEN,
    };
  },
  stray: {
    given: (e) => Boolean(e.SIS_BASE_URL || e.SIS_TOKEN),
    words: "SIS_BASE_URL/SIS_TOKEN are the http adapter's",
  },
  report: ({ baseUrl }) => `HTTP at ${printableUrl(baseUrl ?? '')} (SIS_ADAPTER=http)`,
  secrets: ({ token }) => [['SIS_TOKEN', token]],
  docs: {
    intro:
      "`SIS_ADAPTER=http` (or `SIS_BASE_URL` alone): a service answering the portal's own contract, [sis-contract.md](sis-contract.md).",
    rows: {
      SIS_BASE_URL: [
        'unset',
        '`http(s)://…`: read the student information system over HTTP (`<base>/students/<username>/<read>`); unset: the embedded sample SIS.',
      ],
      SIS_TOKEN: ['unset', 'Sent to the SIS as `Authorization: Bearer …`.'],
    },
  },
});
