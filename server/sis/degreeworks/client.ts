import type { DegreeWorksAuth } from '../../config/degree-source.js';
import { outbound, OutboundError } from '../../net/outbound.js';
import type { OutboundAnswer } from '../../net/outbound.js';
import { SisError, SisTokenRefusedError } from '../port.js';
import type { ReadLimits } from '../read-deadline.js';
import { auditSchema } from './wire.js';
import type { DwAudit } from './wire.js';

/** A DegreeWorks audit runs to hundreds of kilobytes (every rule, every class): 4 MB at most. */
export const DW_ANSWER_MAX_BYTES = 4 * 1024 * 1024;

export interface DegreeWorksClientOptions {
  /** The Responsive Dashboard's API root, `https://dw.example.edu/responsiveDashboard/api`. */
  url: string;
  /** Its service token, or the student's own relayed (`DEGREEWORKS_AUTH`). */
  auth: DegreeWorksAuth;
  /** The DegreeWorks school code (`UG`). */
  school: string;
}

/**
 * The audit's address: `<api>/audit?studentId=…&school=…` (wire.ts [AC], [TX]). The published
 * callers also name `degree`, from the student's goals in `<api>/students/myself`, a read only the
 * student's own DegreeWorks session makes; with a service token the portal names none, and
 * DegreeWorks audits the student's degree on record (docs/operations.md, "DegreeWorks").
 */
export function auditUrl(options: DegreeWorksClientOptions, studentId: string): URL {
  const url = new URL(`${options.url.replace(/\/$/, '')}/audit`);
  url.searchParams.set('studentId', studentId);
  url.searchParams.set('school', options.school);
  return url;
}

const ENDPOINT = 'degree-progress';

/** A token's characters (RFC 6750's b64token): nothing that could end a header or a cookie. */
const TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

/**
 * How the read presents itself: the service token as Bearer; or the student's own token (`bearer`)
 * as the Responsive Dashboard takes a student's session, the cookie `X-AUTH-TOKEN` holding
 * "Bearer " and the token
 * (`icssc/anteater-api:apps/data-pipeline/degreeworks-scraper/src/components/Scraper.ts`,
 * `Scraper.new`; DegreeWorks reads the student's id from its `sub`). Null where there is none.
 */
function credentialsOf(
  auth: DegreeWorksAuth,
  bearer: string | undefined,
): Record<string, string> | null {
  if (auth.mode === 'service') return { authorization: `Bearer ${auth.token.reveal()}` };
  return bearer && TOKEN.test(bearer) ? { cookie: `X-AUTH-TOKEN=Bearer ${bearer}` } : null;
}

/**
 * One audit read through the bounded outbound request (no redirect followed, the body capped, the
 * read's deadline), with the service token, or the student's own (`bearer`, relayed on their own
 * read only: a support viewer's or a delegate's read carries none, and is refused here).
 * Every failure is a SisError of the `degree-progress` read, so the route gives its usual error;
 * DegreeWorks' words are never shown. A student's token refused is a SisTokenRefusedError: the
 * caller refreshes it and reads once more.
 */
export async function readAudit(
  options: DegreeWorksClientOptions,
  studentId: string,
  limits: ReadLimits,
  bearer?: string,
): Promise<DwAudit> {
  const { auth } = options;
  const credentials = credentialsOf(auth, bearer);
  if (!credentials) {
    throw new SisError(ENDPOINT, "DegreeWorks is read with the student's own token: none here");
  }
  let answer: OutboundAnswer;
  try {
    answer = await outbound({
      url: auditUrl(options, studentId),
      headers: { accept: 'application/json', ...credentials },
      reach: 'configured',
      signal: limits.signal,
      limits: { maxBytes: DW_ANSWER_MAX_BYTES, timeoutMs: Math.max(1, limits.left()) },
    });
  } catch (err) {
    const failure = err instanceof OutboundError ? err.failure : null;
    const words =
      failure === 'timeout'
        ? 'DegreeWorks gave no answer in time'
        : `DegreeWorks request failed (${failure ?? 'network'})`;
    throw new SisError(ENDPOINT, words, { cause: err });
  }
  if ((answer.status === 401 || answer.status === 403) && auth.mode === 'student') {
    throw new SisTokenRefusedError(
      ENDPOINT,
      `DegreeWorks refused the student's token (${answer.status})`,
    );
  }
  if (answer.status === 401 || answer.status === 403) {
    throw new SisError(ENDPOINT, `DegreeWorks refused the service token (${answer.status})`);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new SisError(ENDPOINT, `DegreeWorks answered ${answer.status}`);
  }
  let parsed: ReturnType<typeof auditSchema.safeParse>;
  try {
    parsed = auditSchema.safeParse(JSON.parse(answer.body.toString('utf8')));
  } catch (err) {
    // Not JSON (a sign-in page), or nested past what a parser walks.
    throw new SisError(ENDPOINT, 'DegreeWorks answer is not JSON', { cause: err });
  }
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 2)
      .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
    throw new SisError(ENDPOINT, `DegreeWorks answer is not an audit (${where.join('; ')})`);
  }
  return parsed.data;
}
