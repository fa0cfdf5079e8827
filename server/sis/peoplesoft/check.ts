import { outbound } from '../../net/outbound.js';
import { printableUrl } from '../../net/printable-url.js';
import type { SisPerson } from '../port.js';
import type { ReadLimits } from '../read-deadline.js';
import { getOperation, operationName, operationUrl, PeopleSoftRefusedError } from './client.js';
import type { PeopleSoftClientOptions } from './client.js';
import { constituentSchema } from './wire.js';

/**
 * The PeopleSoft adapter's checks (issue 91): `config:check -- --connect`'s SIS line and
 * `sis:check`'s line per operation. As the student, no check can read anything (only a sign-in
 * gives a student's token): it says so and checks that Integration Broker answers at all (a call
 * without a token refused with 401 is a listening connector that is there). As the service account,
 * it reads for a named test student's EmplID, as the adapter reads.
 */

const NEEDS_TOKEN =
  "PEOPLESOFT_AUTH=student: every read needs the signed-in student's own token, which only a sign-in gives, so no check reads a record without one (--token-file <file> with a test student's access token reads theirs)";

/** Limits for one check's calls: the caller's signal and `ms`. */
export function limitsOf(signal: AbortSignal, ms: number): ReadLimits {
  const ends = performance.now() + ms;
  return {
    signal: AbortSignal.any([signal, AbortSignal.timeout(ms)]),
    timeoutMs: ms,
    left: () => Math.max(0, Math.floor(ends - performance.now())),
    pages: 0,
  };
}

/**
 * One call without any credential (SCC_GETCONST_R): Integration Broker refusing it (401, 403) is
 * reachable; 404 is no such operation at this address; 200 an operation that asks no credential.
 */
export async function probeUnauthenticated(
  baseUrl: string,
  signal: AbortSignal,
  ms: number,
): Promise<string> {
  const url = operationUrl(baseUrl, 'constituent');
  const name = operationName('constituent');
  const where = printableUrl(url.href);
  // The answer's status is all the probe reads: the request stops at its headers.
  let status = 0;
  const stop = new Error('answered');
  try {
    await outbound({
      url,
      headers: { accept: 'application/json' },
      reach: 'configured',
      signal,
      limits: { maxBytes: 0, maxErrorBytes: 0, timeoutMs: ms },
      inspect: (answered) => {
        status = answered;
        throw stop;
      },
    });
  } catch (err) {
    if (err !== stop) throw err;
  }
  if (status === 0) throw new Error(`${where} gave no answer`);
  const answer = { status };
  if (answer.status === 401 || answer.status === 403) {
    return `Integration Broker answers (${name} refused a call without a token, HTTP ${answer.status}, as it should)`;
  }
  if (answer.status === 404) {
    throw new Error(
      `${name}: HTTP 404 from ${where}: no such operation there (check PEOPLESOFT_BASE_URL's node and the operation's REST routing)`,
    );
  }
  if (answer.status >= 200 && answer.status <= 299) {
    throw new Error(
      `${name} answered a call without a token (HTTP ${answer.status}): the operation must require authentication`,
    );
  }
  throw new Error(`${name}: HTTP ${answer.status} from ${where}`);
}

/** The refusal of the service account, in words that say what to check. */
export function refusal(err: PeopleSoftRefusedError, user: string, emplid: string): Error {
  const status = err.status === null ? '' : `HTTP ${err.status} `;
  return new Error(
    `refused: ${status}(${err.endpoint} as ${user}): check PEOPLESOFT_USER and PEOPLESOFT_PASSWORD, and that the account may read EmplID ${emplid}`,
    { cause: err },
  );
}

/** A test student's token PeopleSoft refused, in words that say what to check. */
export function tokenRefusal(err: PeopleSoftRefusedError): Error {
  const status = err.status === null ? '' : ` (HTTP ${err.status} at ${err.endpoint})`;
  return new Error(
    `token refused${status}: check the audience PeopleSoft accepts (PEOPLESOFT_TOKEN_AUDIENCE, the PeopleTools OAuth2 set-up) and that the token is live`,
    { cause: err },
  );
}

/**
 * The test student's name and EmplID, from SCC_GETCONST_R read as `person`; a refusal in the words
 * `refused` gives (the token's, the service account's).
 */
async function readName(
  options: PeopleSoftClientOptions,
  person: SisPerson,
  signal: AbortSignal,
  ms: number,
  refused: (err: PeopleSoftRefusedError) => Error,
) {
  let answer;
  try {
    answer = await getOperation(
      options,
      'constituent',
      person,
      constituentSchema,
      limitsOf(signal, ms),
    );
  } catch (err) {
    if (err instanceof PeopleSoftRefusedError) throw refused(err);
    throw err;
  }
  const c = answer.SCC_GET_CONSTITUENT_RESP[0]?.CONSTITUENT[0];
  const names = c?.NAMES ?? [];
  const name =
    (names.find((n) => n.NAME_TYPE === 'PRF') ?? names.find((n) => n.NAME_TYPE === 'PRI'))
      ?.NAME_DISPLAY ?? names[0]?.NAME_DISPLAY;
  if (!c || !name) throw new Error(`${operationName('constituent')}: no constituent named`);
  return { name, emplid: c.EMPLID };
}

/**
 * `config:check -- --connect`'s SIS line: as the student, with a test student's access token
 * (`--token-file`), SCC_GETCONST_R read with it ("connected as <name> (token accepted)") or "token
 * refused"; without one, the plain word that a token is needed and Integration Broker's answer; as
 * the service account, SCC_GETCONST_R read for `emplid` ("connected
 * as <name> (EmplID …)"), or the refusal, or the failing operation with its cause.
 */
export async function checkPeopleSoft(
  options: PeopleSoftClientOptions,
  who: { emplid?: string | undefined; token?: string | undefined },
  signal: AbortSignal,
  ms: number,
): Promise<string> {
  const { emplid, token } = who;
  if (options.auth.mode === 'student') {
    if (!token) return `${await probeUnauthenticated(options.baseUrl, signal, ms)}; ${NEEDS_TOKEN}`;
    const person: SisPerson = { username: '', persona: null, bearer: token };
    const named = await readName(options, person, signal, ms, tokenRefusal);
    return `connected as ${named.name} (EmplID ${named.emplid ?? 'not given'}), token accepted`;
  }
  if (!emplid) {
    throw new Error(
      "PEOPLESOFT_AUTH=service: name a test student's EmplID (PEOPLESOFT_CHECK_EMPLID, or --as <EmplID>) to check the service account",
    );
  }
  const { user } = options.auth;
  const person: SisPerson = { username: emplid, persona: null };
  const named = await readName(options, person, signal, ms, (err) => refusal(err, user, emplid));
  return `connected as ${named.name} (EmplID ${named.emplid ?? emplid}), the service account ${user} accepted`;
}

export const STUDENT_MODE_WORDS = NEEDS_TOKEN;
