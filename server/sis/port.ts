import type { SisNudgeCode } from '../../contract/sis/nudges.schema.js';
import type { SisAnswer, SisEndpoint } from './endpoints.js';
import { parseSisAnswer } from './endpoints.js';
import type { SisListCutObserver } from './list-cuts.js';

/** Whom a read is about: the SIS knows people by username; the sample SIS also by persona. */
export interface SisPerson {
  username: string;
  persona: string | null;
  /**
   * The access token of the person's campus sign-in, for an adapter that reads the SIS as the
   * student (PeopleSoft, `PEOPLESOFT_AUTH=student`); held for the session only, never cached.
   */
  bearer?: string | undefined;
}

/**
 * The student-information-system port. Two adapters fill it: the sample one (embedded default,
 * per-persona fixtures) and the HTTP one (a configured upstream). Caching sits in front of it, not in it.
 */
export interface SisPort {
  /** One read; `term` for the per-term reads (courses, schedule, grades). Rejects with a SisError. */
  read<E extends SisEndpoint>(endpoint: E, person: SisPerson, term?: string): Promise<SisAnswer<E>>;
  /** Records that the person dismissed a nudge. */
  dismissNudge(person: SisPerson, code: SisNudgeCode): Promise<void>;
}

/** The SIS did not answer, or answered something the contract refuses. Never shown to the user raw. */
export class SisError extends Error {
  override name = 'SisError';
  constructor(
    readonly endpoint: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${endpoint}: ${message}`, options);
  }
}

/**
 * The SIS refused the person's own token (an adapter reading as the student): the token is
 * refreshed once and the read tried again (auth/sis-token.ts); refused again, the read failed.
 */
export class SisTokenRefusedError extends SisError {
  override name = 'SisTokenRefusedError';
}

/**
 * The person's sign-in no longer gives a token for the SIS (it ended at the provider, or was made
 * before tokens were kept): they sign in again. The API answers 401, and the app goes to sign-in.
 */
export class SignInAgainError extends SisError {
  override name = 'SignInAgainError';
}

/** The SIS has no record of this person (the HTTP upstream answered 404): not a fault of the SIS. */
export class SisNotFoundError extends SisError {
  override name = 'SisNotFoundError';
}

/**
 * An adapter's answer as the contract has it, or a SisError naming the first three places it differs:
 * every adapter hands on only contract-shaped answers (its lists cut at their ceilings first).
 */
export function contractAnswer<E extends SisEndpoint>(
  endpoint: E,
  answer: unknown,
  observe?: SisListCutObserver,
): SisAnswer<E> {
  const parsed = parseSisAnswer(endpoint, answer, observe);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
  throw new SisError(endpoint, `answer does not match the contract (${where.join('; ')})`);
}
