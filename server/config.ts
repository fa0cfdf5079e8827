import { authConfig } from './config/auth.js';
import { changesConfig } from './config/changes.js';
import { readCampusConfigs } from './config/campus.js';
import { readCampusSis } from './config/campus-sis.js';
import { ConfigError, parseEnv } from './config/env.js';
import { lmsConfig } from './config/lms.js';
import { checkVapidPair, notifyConfig } from './config/notify.js';
import { readCampusPayments, withPayOffer } from './config/campus-payments.js';
import { paymentsConfig } from './config/payments.js';
import { runtimeConfig } from './config/runtime.js';
import type { ConfigFiles } from './config/runtime.js';
import { sourcesConfig } from './config/sources.js';
import { storeConfig } from './config/store.js';
import { viewAsConfig } from './config/view-as.js';

/**
 * The only reader of the environment. The variables and their zod schema are `config/env.ts`; each
 * concern (`config/runtime.ts`, `auth.ts`, `sources.ts`, `lms.ts`, `store.ts`, `campus.ts`, `notify.ts`, `changes.ts`) turns
 * them into its part of the configuration, with its own checks; `Config` is what they build, inferred.
 */
export { ConfigError, envSchema } from './config/env.js';
export type { PushServiceHosts } from './config/env.js';
export type { AuthGroupsConfig, OidcConfig, SamlConfig } from './config/auth.js';

/** Parses the environment once; a bad value or an unsafe combination stops the start with a reason. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  files: ConfigFiles = {},
) {
  const e = parseEnv(env);
  const runtime = runtimeConfig(e, files);
  const auth = authConfig(e);
  checkVapidPair(e);
  // Real people never meet sample data: off by default where they sign in, refused there unless the
  // server is a staging one (ALLOW_SAMPLE_SIS=1).
  const realPeople = e.NODE_ENV === 'production' && Boolean(auth.oidc ?? auth.saml);
  const sources = sourcesConfig(e, realPeople);
  // Issues 91 and 92: only an OpenID Connect sign-in gives a token to read PeopleSoft, or
  // DegreeWorks, with as the student.
  const { peoplesoft, degree } = sources.sis;
  const degreeAsStudent = degree.source === 'degreeworks' && degree.auth.mode === 'student';
  const asStudent =
    peoplesoft?.auth.mode === 'student'
      ? { name: 'PEOPLESOFT', system: 'PeopleSoft' }
      : degreeAsStudent
        ? { name: 'DEGREEWORKS', system: 'DegreeWorks' }
        : null;
  if (e.NODE_ENV === 'production' && asStudent && !auth.oidc) {
    throw new ConfigError(
      `Refusing to start: ${asStudent.name}_AUTH=student reads ${asStudent.system} with the signed-in student's own ` +
        'token, which only an OpenID Connect sign-in gives (OIDC_ISSUER, OIDC_CLIENT_ID, ' +
        `OIDC_REDIRECT_URI); with SAML, ${asStudent.name}_AUTH=service reads with the portal's own account.`,
    );
  }
  // The token is kept sealed with SESSION_SECRET's key: a process with a key of its own could not
  // read another's, and every student would be sent to sign in again.
  if (e.NODE_ENV === 'production' && asStudent && !auth.sessionSecret) {
    throw new ConfigError(
      `Refusing to start: ${asStudent.name}_AUTH=student keeps each sign-in's token sealed with ` +
        "SESSION_SECRET's key, the same in every process: set SESSION_SECRET (32 characters or more).",
    );
  }
  // One token is kept for a sign-in: both systems read with it, so they accept one audience.
  const degreeAudience =
    degree.source === 'degreeworks' && degree.auth.mode === 'student'
      ? degree.auth.tokenAudience
      : undefined;
  if (
    peoplesoft?.auth.mode === 'student' &&
    degreeAsStudent &&
    peoplesoft.tokenAudience !== degreeAudience
  ) {
    throw new ConfigError(
      "Refusing to start: PeopleSoft and DegreeWorks both read with the student's one kept token: " +
        'PEOPLESOFT_TOKEN_AUDIENCE and DEGREEWORKS_TOKEN_AUDIENCE must be the same (or both unset).',
    );
  }
  const store = storeConfig(e, realPeople);
  const payments = paymentsConfig(e);
  // The campus file read and checked first: a missing or broken one is named as CAMPUS_CONFIG.
  const campusConfigs = readCampusConfigs(e.CAMPUS_CONFIG);
  const campusPayments = readCampusPayments(e.CAMPUS_CONFIG);
  const campuses = withPayOffer(campusConfigs, payments.payment.kind, campusPayments);
  const campus = campuses.en;
  return {
    ...runtime,
    ...auth,
    ...sources,
    /** The campus's Canvas, when it is set up for coursework (config/lms.ts). */
    ...lmsConfig(e, runtime.publicOrigin),
    ...store,
    /** The university's names, addresses and links (contract/campus.schema.ts). */
    campus,
    /** The same in each language a person may read (issue 59): what `GET /api/campus` answers. */
    campuses,
    /** The campus configuration's server-only SIS part: Ethos versions and hold categories. */
    campusSis: readCampusSis(e.CAMPUS_CONFIG),
    ...notifyConfig(e, campus.productName, runtime.publicOrigin),
    ...changesConfig(e),
    ...viewAsConfig(e),
    /** Issue 89: the payment provider and its settings (config/payments.ts). */
    ...payments,
    /** Issue 89: the campus's payment limits and windows (CAMPUS_CONFIG `payments`). */
    campusPayments,
  };
}

/** The server's configuration: what loadConfig builds from the environment. */
export type Config = ReturnType<typeof loadConfig>;
