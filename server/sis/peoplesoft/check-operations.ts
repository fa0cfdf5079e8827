import type { SisPerson } from '../port.js';
import type { ReadLimits } from '../read-deadline.js';
import { getOperation, operationName, PeopleSoftRefusedError } from './client.js';
import type { Operation, PeopleSoftClientOptions } from './client.js';
import { studentAccountSchema } from './account.js';
import { awardsSchema } from './aid.js';
import { checklistSchema } from './checklist.js';
import { notificationsSchema } from './notifications.js';
import { photoOf, photoSchema } from './photo.js';
import { constituentSchema, enrollmentSchema, serviceIndicatorsSchema } from './wire.js';
import { limitsOf, probeUnauthenticated, refusal, tokenRefusal } from './check.js';

/**
 * `sis:check`'s line per PeopleSoft operation (issue 91): each operation the adapter calls, read for
 * a test student as the adapter reads (`check.ts` holds the pre-flight's one line and the words both
 * use).
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
