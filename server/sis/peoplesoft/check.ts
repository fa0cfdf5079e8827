import { outbound } from '../../net/outbound.js';
import { printableUrl } from '../../net/printable-url.js';
import type { SisPerson } from '../port.js';
import type { ReadLimits } from '../read-deadline.js';
import { getOperation, operationName, operationUrl, PeopleSoftRefusedError } from './client.js';
import type { Operation, PeopleSoftClientOptions } from './client.js';
import { studentAccountSchema } from './account.js';
import { awardsSchema } from './aid.js';
import { checklistSchema } from './checklist.js';
import { notificationsSchema } from './notifications.js';
import { photoOf, photoSchema } from './photo.js';
import { constituentSchema, enrollmentSchema, serviceIndicatorsSchema } from './wire.js';

/**
 * The PeopleSoft adapter's checks (issue 91): `config:check -- --connect`'s SIS line and
 * `sis:check`'s line per operation. As the student, no check can read anything (only a sign-in
 * gives a student's token): it says so and checks that Integration Broker answers at all (a call
 * without a token refused with 401 is a listening connector that is there). As the service account,
 * it reads for a named test student's EmplID, as the adapter reads.
 */

/** What `sis:check` reads, one line each: the operations the adapter calls. */
export const CHECKED_OPERATIONS: readonly Operation[] = [
  'constituent',
  'enrollment',
  'serviceIndicators',
  'photo',
  'studentAccount',
  'awards',
  'checklist',
  'notifications',
];

/** One operation's outcome in `sis:check`. */
export interface OperationLine {
  operation: string;
  ok: boolean;
  detail: string;
}

const NEEDS_TOKEN =
  "PEOPLESOFT_AUTH=student: every read needs the signed-in student's own token, which only a sign-in gives, so no check reads a record without one (--token-file <file> with a test student's access token reads theirs)";

/** Limits for one check's calls: the caller's signal and `ms`. */
function limitsOf(signal: AbortSignal, ms: number): ReadLimits {
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
function refusal(err: PeopleSoftRefusedError, user: string, emplid: string): Error {
  const status = err.status === null ? '' : `HTTP ${err.status} `;
  return new Error(
    `refused: ${status}(${err.endpoint} as ${user}): check PEOPLESOFT_USER and PEOPLESOFT_PASSWORD, and that the account may read EmplID ${emplid}`,
    { cause: err },
  );
}

/** A test student's token PeopleSoft refused, in words that say what to check. */
function tokenRefusal(err: PeopleSoftRefusedError): Error {
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

/** What one operation's answer holds, in a few words. */
async function readOne(
  options: PeopleSoftClientOptions,
  operation: Operation,
  person: SisPerson,
  limits: ReadLimits,
): Promise<string> {
  switch (operation) {
    case 'constituent': {
      const a = await getOperation(options, operation, person, constituentSchema, limits);
      const c = a.SCC_GET_CONSTITUENT_RESP[0]?.CONSTITUENT[0];
      const name = c?.NAMES.find((n) => n.NAME_TYPE === 'PRF') ?? c?.NAMES[0];
      return `${name?.NAME_DISPLAY ?? '(no name)'}, EmplID ${c?.EMPLID ?? '(none)'}`;
    }
    case 'enrollment': {
      const a = await getOperation(options, operation, person, enrollmentSchema, limits);
      const terms = a.SSR_GET_ENROLLMENT_RESP.flatMap((r) => r.SSR_ENRL_TERM);
      const classes = terms.reduce((n, t) => n + t.ENROLLMENT_DETAIL.length, 0);
      return `${terms.length} term(s) (${terms.map((t) => t.STRM ?? '?').join(', ')}), ${classes} class(es)`;
    }
    case 'serviceIndicators': {
      const a = await getOperation(options, operation, person, serviceIndicatorsSchema, limits);
      const rows = a.SCC_GET_SERVICE_IND_RESP.flatMap((r) => r.SERVICE_INDICATOR);
      const codes = rows.map((r) => r.SRVC_IND_CD ?? '?').join(', ');
      return `${rows.length} service indicator(s)${codes ? ` (${codes})` : ''}`;
    }
    case 'photo': {
      const a = await getOperation(options, operation, person, photoSchema, limits);
      return photoOf(a) === null ? 'no photo the portal shows' : 'a photo';
    }
    case 'studentAccount': {
      const a = await getOperation(options, operation, person, studentAccountSchema, limits);
      const root = a.SSF_GET_STUDENT_ACCOUNT_RESP[0] ?? {};
      return `the account's elements: ${Object.keys(root).join(', ') || '(none)'}`;
    }
    case 'awards': {
      const a = await getOperation(options, operation, person, awardsSchema, limits);
      const years = a.SFA_GET_STUDENT_AWARDS_RESP.flatMap((r) => r.AID_YEAR ?? []);
      return `aid year ${years.join(', ') || '(none)'}`;
    }
    case 'checklist': {
      const a = await getOperation(options, operation, person, checklistSchema, limits);
      return `${a.SCC_GET_CHKLST_RESP.flatMap((r) => r.PERSON_CHKLST_ITEM).length} checklist item(s)`;
    }
    case 'notifications': {
      const a = await getOperation(options, operation, person, notificationsSchema, limits);
      return `${a.SCC_GET_NOTIF_RESP.flatMap((r) => r.SCC_NTF_ITEM).length} notification(s)`;
    }
  }
}

/**
 * `sis:check`'s PeopleSoft part: each operation read for `emplid` as the service account, one line
 * each, ok with what it holds or the error with its cause (each within `ms`). As the student, one
 * line: Integration Broker's answer to a call without a token, and why nothing more can be read.
 */
export async function checkOperations(
  options: PeopleSoftClientOptions,
  emplid: string,
  ms: number,
  /** As the student: a test student's access token (`--token-file`); each operation read with it. */
  token?: string,
): Promise<OperationLine[]> {
  if (options.auth.mode === 'student' && !token) {
    try {
      const reached = await probeUnauthenticated(options.baseUrl, AbortSignal.timeout(ms), ms);
      return [{ operation: operationName('constituent'), ok: true, detail: reached }];
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      return [{ operation: operationName('constituent'), ok: false, detail }];
    }
  }
  const person: SisPerson = {
    username: emplid,
    persona: null,
    ...(token ? { bearer: token } : {}),
  };
  const lines: OperationLine[] = [];
  for (const operation of CHECKED_OPERATIONS) {
    const name = operationName(operation);
    try {
      const detail = await readOne(options, operation, person, limitsOf(AbortSignal.any([]), ms));
      lines.push({ operation: name, ok: true, detail });
    } catch (err) {
      const cause =
        err instanceof PeopleSoftRefusedError
          ? (options.auth.mode === 'service'
              ? refusal(err, options.auth.user, emplid)
              : tokenRefusal(err)
            ).message
          : err instanceof Error
            ? err.message
            : String(err);
      lines.push({ operation: name, ok: false, detail: cause });
    }
  }
  return lines;
}

/** The student mode's plain word, for `sis:check` to print beside Integration Broker's answer. */
export const STUDENT_MODE_WORDS = NEEDS_TOKEN;
