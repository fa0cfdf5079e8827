import type { z } from 'zod';
import type { Secret } from '../../config/secret.js';
import { outbound, OutboundError } from '../../net/outbound.js';
import type { OutboundAnswer } from '../../net/outbound.js';
import { SIS_ANSWER_MAX_BYTES } from '../http-adapter.js';
import type { SisPerson } from '../port.js';
import { SisError, SisTokenRefusedError } from '../port.js';
import type { ReadLimits } from '../read-deadline.js';

/**
 * The delivered REST operations the adapter reads, as Integration Broker's REST listening connector
 * serves them (`<base>/<operation>.v1/<resource>`): the service indicators' and the photo's URI
 * templates are Oracle's ("Using the REST Get Service Indicators Web Service Operation", "Using the
 * REST Get Photo Web Service Operation", Campus Solutions 9.2 PeopleBook); the others follow the
 * same pattern and are checked against the campus's routing (docs/sis-peoplesoft.md).
 */
export const OPERATIONS = {
  constituent: 'SCC_GETCONST_R.v1/constituent/get',
  enrollment: 'SSR_GET_ENROLLMENT_R.v1/enrollment/get',
  serviceIndicators: 'SCC_GET_SERVICE_INDICATORS_R.v1/serviceindicators/get',
  photo: 'SCC_GETPHOTO_R.v1/photo/get',
  studentAccount: 'SSF_GET_STUDENT_ACCOUNT.v1/studentaccount/get',
  awards: 'SFA_GET_STUDENT_AWARDS.v1/studentawards/get',
  checklist: 'SCC_GET_CHECKLIST_R.v1/checklist/get',
  notifications: 'SCC_GET_NOTIFICATIONS_R.v1/notifications/get',
} as const;
export type Operation = keyof typeof OPERATIONS;

/** How the portal authenticates: the student's own sign-in token, or a service account. */
export type PeopleSoftAuth =
  { mode: 'student' } | { mode: 'service'; user: string; password: Secret };

export interface PeopleSoftClientOptions {
  /** The REST listening connector with its node, `https://…/PSIGW/RESTListeningConnector/PSFT_CS`. */
  baseUrl: string;
  auth: PeopleSoftAuth;
}

/** The address of an operation under the REST listening connector. */
export function operationUrl(baseUrl: string, operation: Operation): URL {
  return new URL(OPERATIONS[operation], baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}

/** The operation's name as PeopleSoft knows it (`SCC_GETCONST_R`). */
export const operationName = (operation: Operation) =>
  OPERATIONS[operation].split('.')[0] ?? operation;

/** A token PeopleSoft refused (401, 403): the student signs in again; the pre-flight says "token refused". */
export class PeopleSoftRefusedError extends SisTokenRefusedError {
  override name = 'PeopleSoftRefusedError';
  constructor(
    endpoint: string,
    message: string,
    /** PeopleSoft's status (401, 403); null when refused before any call (no token to forward). */
    readonly status: number | null = null,
  ) {
    super(endpoint, message);
  }
}

/**
 * One GET of one operation, through the bounded outbound request (no redirect followed, the body
 * capped, the read's deadline): as the student, their bearer token (none: refused before any call);
 * as the service account, basic authentication and the student's EmplID (`?EMPLID=`, the campus
 * wrappers' parameter; the sign-in username stands for it). An answer that is not JSON (an
 * Integration Broker `IBResponse` error document, an HTML page) or not the operation's message is a
 * SisError naming the operation, never its text.
 */
export async function getOperation<T extends z.ZodType>(
  options: PeopleSoftClientOptions,
  operation: Operation,
  person: SisPerson,
  schema: T,
  limits: ReadLimits,
): Promise<z.infer<T>> {
  const name = operationName(operation);
  const url = operationUrl(options.baseUrl, operation);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.auth.mode === 'student') {
    if (!person.bearer) throw new PeopleSoftRefusedError(name, 'no sign-in token to forward');
    headers.authorization = `Bearer ${person.bearer}`;
  } else {
    const pair = `${options.auth.user}:${options.auth.password.reveal()}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    url.searchParams.set('EMPLID', person.username);
  }
  if (operation === 'serviceIndicators' || operation === 'photo' || operation === 'checklist')
    url.searchParams.set('languageCd', 'ENG');
  let answer: OutboundAnswer;
  try {
    answer = await outbound({
      url,
      headers,
      reach: 'configured',
      signal: limits.signal,
      limits: { maxBytes: SIS_ANSWER_MAX_BYTES, timeoutMs: Math.max(1, limits.left()) },
    });
  } catch (err) {
    const failure = err instanceof OutboundError ? err.failure : null;
    const words =
      failure === 'timeout' ? 'no answer in time' : `request failed (${failure ?? 'network'})`;
    throw new SisError(name, words, { cause: err });
  }
  if (answer.status === 401 || answer.status === 403) {
    throw new PeopleSoftRefusedError(name, `token refused (${answer.status})`, answer.status);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new SisError(name, `PeopleSoft answered ${answer.status}`);
  }
  const text = answer.body.toString('utf8').trim();
  if (text.startsWith('<')) {
    const kind = text.includes('<IBResponse') ? 'an Integration Broker error' : 'a page';
    throw new SisError(name, `answered ${kind} (XML or HTML), not JSON`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new SisError(name, 'answer is not JSON', { cause: err });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 2)
      .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
    throw new SisError(name, `answer is not the operation's message (${where.join('; ')})`);
  }
  return parsed.data;
}
