import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { httpUrl, isSafeUrl, optional, refuse } from '../../../config/env-values.js';
import { Secret } from '../../../config/secret.js';
import { defineVariantSettings } from '../../../config/variant.js';
import type { VariantEnv } from '../../../config/variant.js';
import { printableUrl } from '../../../net/printable-url.js';
import type { PeopleSoftAuth } from '../../peoplesoft/client.js';

const env = {
  /** Integration Broker's REST listening connector with the node: `https://…/PSIGW/RESTListeningConnector/PSFT_CS`. */
  PEOPLESOFT_BASE_URL: optional(httpUrl),
  /** `student`: the student's sign-in token forwarded (PeopleTools 8.58+); `service`: a service account. */
  PEOPLESOFT_AUTH: optional(z.enum(['student', 'service'])).default('student'),
  /**
   * The audience PeopleSoft accepts, where the campus's provider must exchange the sign-in's token for
   * one (RFC 8693 token exchange at its token endpoint); unset: the sign-in's token as it is.
   */
  PEOPLESOFT_TOKEN_AUDIENCE: optional(z.string().trim().min(1).max(500)),
  /** The service account (PEOPLESOFT_AUTH=service): its user, and its password or a file holding it. */
  PEOPLESOFT_USER: optional(z.string().min(1).max(128)),
  PEOPLESOFT_PASSWORD: optional(z.string().min(1).max(500)),
  PEOPLESOFT_PASSWORD_FILE: optional(z.string().max(4096)),
  /** The test student's EmplID `config:check -- --connect` reads as the service account. */
  PEOPLESOFT_CHECK_EMPLID: optional(z.string().trim().min(1).max(30)),
};
type PeopleSoftEnv = VariantEnv<typeof env>;

/** `config.sis.peoplesoft`: the adapter's settings when chosen, else null. */
interface PeopleSoftPart {
  peoplesoft: {
    baseUrl: string;
    auth: PeopleSoftAuth;
    /** The audience to exchange the sign-in's token for (student only; RFC 8693). */
    tokenAudience?: string | undefined;
    /** The pre-flight's test student (service account only). */
    checkEmplid?: string | undefined;
  } | null;
}

function password(e: PeopleSoftEnv): Secret | null {
  if (e.PEOPLESOFT_PASSWORD && e.PEOPLESOFT_PASSWORD_FILE) {
    throw refuse('PEOPLESOFT_PASSWORD and PEOPLESOFT_PASSWORD_FILE: set one of them, not both');
  }
  if (e.PEOPLESOFT_PASSWORD) return new Secret(e.PEOPLESOFT_PASSWORD);
  if (!e.PEOPLESOFT_PASSWORD_FILE) return null;
  try {
    const text = readFileSync(e.PEOPLESOFT_PASSWORD_FILE, 'utf8').trim();
    if (text === '')
      throw refuse(`PEOPLESOFT_PASSWORD_FILE: ${e.PEOPLESOFT_PASSWORD_FILE} is empty`);
    return new Secret(text);
  } catch (err) {
    if (!(err instanceof Error && 'code' in err)) throw err;
    throw refuse(
      `PEOPLESOFT_PASSWORD_FILE: cannot read ${e.PEOPLESOFT_PASSWORD_FILE} (${String(err.code)})`,
    );
  }
}

/** PeopleSoft Campus Solutions 9.2's delivered REST services (`server/sis/peoplesoft/`). */
export const peoplesoftSettings = defineVariantSettings({
  env,
  read(e, chosen): PeopleSoftPart {
    if (!chosen) return { peoplesoft: null };
    if (!e.PEOPLESOFT_BASE_URL) throw refuse('SIS_ADAPTER=peoplesoft needs PEOPLESOFT_BASE_URL');
    const base = new URL(e.PEOPLESOFT_BASE_URL);
    if (!isSafeUrl(base)) {
      throw refuse('PEOPLESOFT_BASE_URL: must be https (plain http only to a loopback host)');
    }
    const baseUrl = base.toString().replace(/\/$/, '');
    if (e.PEOPLESOFT_AUTH === 'student') {
      if (
        e.PEOPLESOFT_USER ||
        e.PEOPLESOFT_PASSWORD ||
        e.PEOPLESOFT_PASSWORD_FILE ||
        e.PEOPLESOFT_CHECK_EMPLID
      ) {
        throw refuse(
          'PEOPLESOFT_USER/PEOPLESOFT_PASSWORD are for PEOPLESOFT_AUTH=service, as is PEOPLESOFT_CHECK_EMPLID',
        );
      }
      return {
        peoplesoft: {
          baseUrl,
          auth: { mode: 'student' },
          tokenAudience: e.PEOPLESOFT_TOKEN_AUDIENCE,
        },
      };
    }
    if (e.PEOPLESOFT_TOKEN_AUDIENCE) {
      throw refuse('PEOPLESOFT_TOKEN_AUDIENCE is for PEOPLESOFT_AUTH=student');
    }
    const secret = password(e);
    if (!e.PEOPLESOFT_USER || !secret) {
      throw refuse('PEOPLESOFT_AUTH=service needs PEOPLESOFT_USER and PEOPLESOFT_PASSWORD(_FILE)');
    }
    return {
      peoplesoft: {
        baseUrl,
        auth: { mode: 'service', user: e.PEOPLESOFT_USER, password: secret },
        checkEmplid: e.PEOPLESOFT_CHECK_EMPLID,
      },
    };
  },
  stray: {
    given: (e) =>
      Boolean(
        e.PEOPLESOFT_BASE_URL ||
        e.PEOPLESOFT_USER ||
        e.PEOPLESOFT_PASSWORD ||
        e.PEOPLESOFT_PASSWORD_FILE ||
        e.PEOPLESOFT_CHECK_EMPLID ||
        e.PEOPLESOFT_TOKEN_AUDIENCE,
      ),
    words: "PEOPLESOFT_* settings are the peoplesoft adapter's",
  },
  // The account's name, never its password.
  report: ({ peoplesoft }) =>
    peoplesoft
      ? `PeopleSoft Campus Solutions at ${printableUrl(peoplesoft.baseUrl)} (SIS_ADAPTER=peoplesoft; ` +
        (peoplesoft.auth.mode === 'student'
          ? "as the student, the sign-in's token forwarded" +
            (peoplesoft.tokenAudience
              ? ` (exchanged for ${peoplesoft.tokenAudience}, RFC 8693)`
              : '') +
            '; records are not swept for ' +
            'changes: the sweep has no sign-in to read with, PEOPLESOFT_AUTH=service does)'
          : `as the service account ${peoplesoft.auth.user}, the student's EmplID given)`)
      : 'PeopleSoft Campus Solutions (SIS_ADAPTER=peoplesoft)',
  docs: {
    intro:
      '`SIS_ADAPTER=peoplesoft`: PeopleSoft Campus Solutions 9.2 through its delivered REST services, [sis-peoplesoft.md](sis-peoplesoft.md).',
    rows: {
      PEOPLESOFT_BASE_URL: [
        'unset',
        "Integration Broker's REST listening connector with the node, `https://cs.example.edu/PSIGW/RESTListeningConnector/PSFT_CS` (`https`; plain `http` only to a loopback host, for tests).",
      ],
      PEOPLESOFT_AUTH: [
        '`student`',
        "`student`: each read carries the student's own sign-in token (PeopleTools 8.58 OAuth2); `service`: a service account with basic authentication against campus wrappers that take `EMPLID`.",
      ],
      PEOPLESOFT_TOKEN_AUDIENCE: [
        'unset',
        "`PEOPLESOFT_AUTH=student` where PeopleSoft accepts another audience than the sign-in's token carries: the portal exchanges the token for one with this audience at the provider's token endpoint (RFC 8693), at sign-in and at each refresh.",
      ],
      PEOPLESOFT_USER: ['unset', 'The service account (`PEOPLESOFT_AUTH=service` only).'],
      PEOPLESOFT_PASSWORD: [
        'unset',
        "The service account's password. A secret: never logged nor printed by `npm run config:check`.",
      ],
      PEOPLESOFT_PASSWORD_FILE: ['unset', 'A file holding the password instead (one of the two).'],
      PEOPLESOFT_CHECK_EMPLID: [
        'unset',
        "A test student's EmplID: `npm run config:check -- --connect` reads their profile as the service account (`--as <EmplID>` names another; `PEOPLESOFT_AUTH=service` only).",
      ],
    },
  },
});
