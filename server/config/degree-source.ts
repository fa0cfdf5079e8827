import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { httpUrl, isSafeUrl, optional, refuse, withoutCredentials } from './env-values.js';
import { Secret } from './secret.js';

/**
 * Issue 92: where the `degree-progress` read comes from, chosen apart from the SIS adapter since a
 * campus's audit system (DegreeWorks, beside Banner or Colleague) is a system of its own.
 */
export const degreeSourceEnv = {
  /** `sis`: the SIS adapter's own read (as before); `degreeworks`: the campus's DegreeWorks. */
  DEGREE_SOURCE: optional(z.enum(['sis', 'degreeworks'])).default('sis'),
  /** The Responsive Dashboard's API root: `https://dw.example.edu/responsiveDashboard/api`. */
  DEGREEWORKS_URL: optional(httpUrl),
  /**
   * How the portal is known to DegreeWorks: `service`, its own service token (below); `student`, the
   * signed-in student's own token from their OpenID Connect sign-in, relayed on their own reads.
   */
  DEGREEWORKS_AUTH: optional(z.enum(['service', 'student'])),
  /** The service token DegreeWorks gives the portal (Bearer), or a file holding it. */
  DEGREEWORKS_TOKEN: optional(z.string().min(1).max(4096)),
  DEGREEWORKS_TOKEN_FILE: optional(z.string().max(4096)),
  /**
   * With `student`: the audience DegreeWorks accepts, where the campus's provider must exchange the
   * sign-in's token for one (RFC 8693); unset, the sign-in's own token is relayed.
   */
  DEGREEWORKS_TOKEN_AUDIENCE: optional(z.string().trim().min(1).max(2048)),
  /** The DegreeWorks school code audited (`UG` undergraduate, `GR` graduate…). */
  DEGREEWORKS_SCHOOL: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,4}$/, 'must be a school code of 1 to 4 letters or digits'),
  ).default('UG'),
  /** The campus's what-if tool, the page's "What if" link. */
  DEGREEWORKS_WHAT_IF_URL: optional(
    withoutCredentials(z.url({ protocol: /^https$/, error: 'must be an https URL' })),
  ),
};

/** The variables as parsed (env.ts's schema holds them, beside every other). */
type DegreeSourceEnv = z.output<z.ZodObject<typeof degreeSourceEnv>>;

/**
 * How DegreeWorks knows the portal: its service token, or the student's own sign-in token relayed
 * (kept sealed with the session: server/auth/sis-token.ts), exchanged for `tokenAudience` if set.
 */
export type DegreeWorksAuth =
  { mode: 'service'; token: Secret } | { mode: 'student'; tokenAudience: string | undefined };

/** `config.degree`: the SIS's own read, or DegreeWorks and how to reach it. */
export type DegreeSourceConfig =
  | { source: 'sis' }
  | {
      source: 'degreeworks';
      /** The API root, without a trailing slash. */
      url: string;
      auth: DegreeWorksAuth;
      school: string;
      whatIfUrl: string | null;
    };

function token(e: DegreeSourceEnv): Secret | null {
  if (e.DEGREEWORKS_TOKEN && e.DEGREEWORKS_TOKEN_FILE) {
    throw refuse('DEGREEWORKS_TOKEN and DEGREEWORKS_TOKEN_FILE: set one of them, not both');
  }
  if (e.DEGREEWORKS_TOKEN) return new Secret(e.DEGREEWORKS_TOKEN);
  if (!e.DEGREEWORKS_TOKEN_FILE) return null;
  let text: string;
  try {
    text = readFileSync(e.DEGREEWORKS_TOKEN_FILE, 'utf8').trim();
  } catch (err) {
    if (!(err instanceof Error && 'code' in err)) throw err;
    throw refuse(
      `DEGREEWORKS_TOKEN_FILE: cannot read ${e.DEGREEWORKS_TOKEN_FILE} (${String(err.code)})`,
    );
  }
  if (text === '') throw refuse(`DEGREEWORKS_TOKEN_FILE: ${e.DEGREEWORKS_TOKEN_FILE} is empty`);
  return new Secret(text);
}

/**
 * The degree audit's source. DegreeWorks needs its address and its service token, or
 * `DEGREEWORKS_AUTH=student` to relay the student's own; its settings
 * beside `DEGREE_SOURCE=sis` are refused, as an adapter's are beside another adapter, so a campus
 * never believes it shows DegreeWorks while it shows the SIS's read.
 */
export function degreeSourceConfig(e: DegreeSourceEnv): DegreeSourceConfig {
  if (e.DEGREE_SOURCE === 'sis') {
    if (
      e.DEGREEWORKS_URL ||
      e.DEGREEWORKS_AUTH ||
      e.DEGREEWORKS_TOKEN ||
      e.DEGREEWORKS_TOKEN_FILE ||
      e.DEGREEWORKS_TOKEN_AUDIENCE ||
      e.DEGREEWORKS_WHAT_IF_URL
    ) {
      throw refuse('DEGREEWORKS_* settings are for DEGREE_SOURCE=degreeworks');
    }
    return { source: 'sis' };
  }
  if (!e.DEGREEWORKS_URL) throw refuse('DEGREE_SOURCE=degreeworks needs DEGREEWORKS_URL');
  const url = new URL(e.DEGREEWORKS_URL);
  if (!isSafeUrl(url)) {
    throw refuse('DEGREEWORKS_URL: must be https (plain http only to a loopback host)');
  }
  return {
    source: 'degreeworks',
    url: url.toString().replace(/\/$/, ''),
    auth: degreeWorksAuth(e),
    school: e.DEGREEWORKS_SCHOOL.toUpperCase(),
    whatIfUrl: e.DEGREEWORKS_WHAT_IF_URL ?? null,
  };
}

function degreeWorksAuth(e: DegreeSourceEnv): DegreeWorksAuth {
  if (e.DEGREEWORKS_AUTH === 'student') {
    if (e.DEGREEWORKS_TOKEN || e.DEGREEWORKS_TOKEN_FILE) {
      throw refuse(
        "DEGREEWORKS_AUTH=student relays the student's own token: DEGREEWORKS_TOKEN and DEGREEWORKS_TOKEN_FILE are for DEGREEWORKS_AUTH=service",
      );
    }
    return { mode: 'student', tokenAudience: e.DEGREEWORKS_TOKEN_AUDIENCE };
  }
  if (e.DEGREEWORKS_TOKEN_AUDIENCE) {
    throw refuse('DEGREEWORKS_TOKEN_AUDIENCE is for DEGREEWORKS_AUTH=student');
  }
  const secret = token(e);
  if (!secret) {
    throw refuse(
      'DEGREE_SOURCE=degreeworks needs DEGREEWORKS_TOKEN or DEGREEWORKS_TOKEN_FILE (or DEGREEWORKS_AUTH=student)',
    );
  }
  return { mode: 'service', token: secret };
}
