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
  /** The service token DegreeWorks gives the portal (Bearer), or a file holding it. */
  DEGREEWORKS_TOKEN: optional(z.string().min(1).max(4096)),
  DEGREEWORKS_TOKEN_FILE: optional(z.string().max(4096)),
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

/** `config.degree`: the SIS's own read, or DegreeWorks and how to reach it. */
export type DegreeSourceConfig =
  | { source: 'sis' }
  | {
      source: 'degreeworks';
      /** The API root, without a trailing slash. */
      url: string;
      token: Secret;
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
 * The degree audit's source. DegreeWorks needs its address and its service token; its settings
 * beside `DEGREE_SOURCE=sis` are refused, as an adapter's are beside another adapter, so a campus
 * never believes it shows DegreeWorks while it shows the SIS's read.
 */
export function degreeSourceConfig(e: DegreeSourceEnv): DegreeSourceConfig {
  if (e.DEGREE_SOURCE === 'sis') {
    if (
      e.DEGREEWORKS_URL ||
      e.DEGREEWORKS_TOKEN ||
      e.DEGREEWORKS_TOKEN_FILE ||
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
  const secret = token(e);
  if (!secret) {
    throw refuse('DEGREE_SOURCE=degreeworks needs DEGREEWORKS_TOKEN or DEGREEWORKS_TOKEN_FILE');
  }
  return {
    source: 'degreeworks',
    url: url.toString().replace(/\/$/, ''),
    token: secret,
    school: e.DEGREEWORKS_SCHOOL.toUpperCase(),
    whatIfUrl: e.DEGREEWORKS_WHAT_IF_URL ?? null,
  };
}
