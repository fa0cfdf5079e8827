import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRecord } from '../db/repositories/users.repository.js';
import type { Config } from '../config.js';
import type { SisEndpoint } from '../sis/endpoints.js';
import type { SisPerson } from '../sis/port.js';
import { SignInAgainError, SisError, SisTokenRefusedError } from '../sis/port.js';
import { ProviderUnavailableError, upstreamTokenSchema } from './oidc-client.js';
import type { UpstreamToken } from './oidc-client.js';

/**
 * The sign-in's access token, forwarded to an SIS read as the student (issue 91, PeopleSoft with
 * `PEOPLESOFT_AUTH=student`; issue 92, the degree audit with `DEGREEWORKS_AUTH=student`). Kept
 * sealed in the session's row (migration 058) until the session ends; refreshed with the provider's
 * refresh token shortly before it ends or when the SIS refuses it; forwarded only on the person's
 * own reads, never on a support viewer's or a delegate's.
 */
const PURPOSE = 'sis-token';
/** A token this close to its end is refreshed before it is sent. */
const EARLY_MS = 60_000;

/**
 * Whether the sign-in's token is kept: the configured SIS, or DegreeWorks, reads as the student.
 * The identity plugin asks for it at sign-in (server/plugins/external/identity.ts).
 */
export function keepsSignInToken(config: Config): boolean {
  const { peoplesoft, degree } = config.sis;
  return (
    peoplesoft?.auth.mode === 'student' ||
    (degree.source === 'degreeworks' && degree.auth.mode === 'student')
  );
}

/** Whether `read` is made as the student: every read of PeopleSoft's so made, or the audit. */
const readsAsStudent = ({ sis: { peoplesoft, degree } }: Config, read: SisEndpoint | undefined) =>
  peoplesoft?.auth.mode === 'student' ||
  (read === 'degree-progress' && degree.source === 'degreeworks' && degree.auth.mode === 'student');

/** The token sealed for the session's row, readable until the session's absolute end. */
export function sealSisToken(app: FastifyInstance, token: UpstreamToken, until: Date): string {
  return app.secretBox.seal(PURPOSE, token, until);
}

function unsealed(app: FastifyInstance, sealed: string | null): UpstreamToken | null {
  if (!sealed) return null;
  const parsed = upstreamTokenSchema.safeParse(app.secretBox.unseal(PURPOSE, sealed, app.clock()));
  return parsed.success ? parsed.data : null;
}

/** Refreshes under way in this process, by session: one at a time per session. */
const refreshing = new WeakMap<FastifyInstance, Map<string, Promise<string>>>();

async function refresh(
  app: FastifyInstance,
  session: { idHash: string; expiresAt: Date },
  sealed: string,
  token: UpstreamToken,
): Promise<string> {
  const client = app.oidcClient;
  if (!token.refresh || !client) throw new SignInAgainError('sis token', 'the token ended');
  let next;
  try {
    next = await client.refresh(token.refresh);
  } catch (err) {
    if (err instanceof ProviderUnavailableError) {
      throw new SisError('sis token', 'the sign-in provider did not answer a refresh', {
        cause: err,
      });
    }
    throw err;
  }
  if (!next) throw new SignInAgainError('sis token', 'the provider refused the refresh');
  const repository = app.repositories.sessions;
  if (
    await repository.replaceSisToken(
      session.idHash,
      sealed,
      sealSisToken(app, next, session.expiresAt),
    )
  ) {
    return next.access;
  }
  // Another process refreshed first (a provider rotating refresh tokens took only one): theirs.
  const theirs = unsealed(app, await repository.sisTokenOf(session.idHash));
  if (!theirs) throw new SignInAgainError('sis token', 'the session ended');
  return theirs.access;
}

/**
 * The token to forward on this request's SIS read: undefined where none is forwarded (the SIS does
 * not read as the student; a support viewer's or a delegate's read; no session). `fresh` forces a
 * refresh (the SIS refused the token); without a refresh token that is undefined, and the refusal
 * stands. A session without a token, or whose refresh the provider refuses: SignInAgainError.
 */
export async function sisBearerOf(
  app: FastifyInstance,
  request: FastifyRequest,
  fresh = false,
  read?: SisEndpoint,
): Promise<string | undefined> {
  if (!readsAsStudent(app.config, read)) return undefined;
  const session = request.auth?.session;
  const { actor, subject } = request;
  if (!session || actor.capacity !== 'self' || actor.user.id !== subject.id) return undefined;
  const sealed = await app.repositories.sessions.sisTokenOf(session.idHash);
  const token = unsealed(app, sealed);
  if (!sealed || !token) throw new SignInAgainError('sis token', 'no token kept for this sign-in');
  if (fresh && !token.refresh) return undefined;
  if (!fresh && token.expiresAt - EARLY_MS > app.clock().getTime()) return token.access;
  const under = refreshing.get(app) ?? new Map<string, Promise<string>>();
  refreshing.set(app, under);
  let pending = under.get(session.idHash);
  if (!pending) {
    pending = refresh(app, session, sealed, token).finally(() => under.delete(session.idHash));
    under.set(session.idHash, pending);
  }
  return pending;
}

/**
 * One SIS read for the request's subject, with their token where it is forwarded (`endpoint`: the
 * read made, when it is one); a refused token is refreshed and the read tried once more.
 */
export async function asSubject<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRecord,
  read: (person: SisPerson) => Promise<T>,
  endpoint?: SisEndpoint,
): Promise<T> {
  const person: SisPerson = { username: user.username, persona: user.persona };
  const bearer = await sisBearerOf(app, request, false, endpoint);
  if (!bearer) return read(person);
  try {
    return await read({ ...person, bearer });
  } catch (err) {
    if (!(err instanceof SisTokenRefusedError)) throw err;
    const fresh = await sisBearerOf(app, request, true, endpoint);
    if (!fresh) throw err;
    return read({ ...person, bearer: fresh });
  }
}

/** The API's words when the sign-in no longer gives a token for the SIS (401: the app signs in again). */
export const SIGN_IN_AGAIN = 'Your sign-in has ended. Please sign in again.';

/**
 * The request's session ends (its sign-in gives the SIS no token any more), and the 401 answer's
 * body: the app, hearing a 401 while signed in, goes to sign-in (src/pages/shared/session-end.ts).
 */
export async function signInAgain(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ detail: string }> {
  const session = request.auth?.session;
  if (session) {
    await app.repositories.sessions.delete(session.idHash);
    app.sessions.forget(session.idHash);
  }
  request.log.info('the sign-in gives the SIS no token any more: the session ends');
  return { detail: SIGN_IN_AGAIN };
}
