import type { z } from 'zod';
import type { DegreeWorksAuth } from '../../config/degree-source.js';
import { outbound, OutboundError } from '../../net/outbound.js';
import type { OutboundAnswer } from '../../net/outbound.js';
import { SisError, SisTokenRefusedError } from '../port.js';
import type { ReadLimits } from '../read-deadline.js';
import { auditSchema, myselfSchema } from './wire.js';
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

/** The school and degree an audit is read for; no degree: the one DegreeWorks has on record. */
export interface AuditGoal {
  school: string;
  degree: string | null;
}

/**
 * The audit's address: `<api>/audit?studentId=…&school=…[&degree=…]` (wire.ts [AC], [TX]). With a
 * service token the portal names the configured school and no degree, and DegreeWorks audits the
 * student's degree on record (docs/operations.md, "DegreeWorks"); with the student's own session,
 * the school and degree of their first goal in `<api>/students/myself`, as the published callers
 * do (wire.ts [KS], [CH]).
 */
export function auditUrl(
  options: DegreeWorksClientOptions,
  studentId: string,
  goal: AuditGoal,
): URL {
  const url = new URL(`${apiRoot(options)}/audit`);
  url.searchParams.set('studentId', studentId);
  url.searchParams.set('school', goal.school);
  if (goal.degree) url.searchParams.set('degree', goal.degree);
  return url;
}

const apiRoot = (options: DegreeWorksClientOptions) => options.url.replace(/\/$/, '');

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
 * One GET through the bounded outbound request (no redirect followed, the body capped, the read's
 * deadline), parsed with `schema`. Every failure is a SisError of the `degree-progress` read, so the
 * route gives its usual error; DegreeWorks' words are never shown. A student's token refused is a
 * SisTokenRefusedError: the caller refreshes it and reads once more.
 */
async function getParsed<T>(
  url: URL,
  what: string,
  schema: z.ZodType<T>,
  {
    auth,
    credentials,
    limits,
  }: { auth: DegreeWorksAuth; credentials: Record<string, string>; limits: ReadLimits },
): Promise<T> {
  let answer: OutboundAnswer;
  try {
    answer = await outbound({
      url,
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
  let parsed: z.ZodSafeParseResult<T>;
  try {
    parsed = schema.safeParse(JSON.parse(answer.body.toString('utf8')));
  } catch (err) {
    // Not JSON (a sign-in page), or nested past what a parser walks.
    throw new SisError(ENDPOINT, 'DegreeWorks answer is not JSON', { cause: err });
  }
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 2)
      .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
    throw new SisError(ENDPOINT, `DegreeWorks answer is not ${what} (${where.join('; ')})`);
  }
  return parsed.data;
}

/**
 * The audit read, with the service token, or the student's own (`bearer`, relayed on their own
 * read only: a support viewer's or a delegate's read carries none, and is refused here). With the
 * student's own, their record (`students/myself`) is read first, under the same deadline: it must
 * name the student the SIS names (a token for anyone else reads nothing), and its first goal gives
 * the school and degree audited.
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
  const reading = { auth, credentials, limits };
  let goal: AuditGoal = { school: options.school, degree: null };
  if (auth.mode === 'student') {
    const myself = new URL(`${apiRoot(options)}/students/myself`);
    const record = await getParsed(myself, 'a student record', myselfSchema, reading);
    const [student] = record._embedded.students;
    if (student?.id !== studentId) {
      throw new SisError(ENDPOINT, "DegreeWorks names another student for the student's token");
    }
    const [first] = student.goals;
    goal = { school: first?.school?.key ?? options.school, degree: first?.degree?.key ?? null };
  }
  return getParsed(auditUrl(options, studentId, goal), 'an audit', auditSchema, reading);
}
