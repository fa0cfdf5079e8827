import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignInClaims } from '../../auth/claims.js';
import type { UpstreamToken } from '../../auth/oidc-client.js';
import { IdentityUnavailableError, identify } from '../../auth/identity.js';
import type { UserRecord } from '../../db/repositories/users.repository.js';
import { sendProblem } from '../../html/page.js';
import { takeSharedChoice } from './shared-computer.js';
import { SIS_UNAVAILABLE } from './sign-in-problems.js';

/**
 * The end of a provider's sign-in, OpenID Connect's or SAML's alike: the person the provider named
 * is read from the SIS, stored, and given a session. When the SIS does not answer, the sign-in
 * problem page is sent, the failure audited with its method, and null returned. The session is a
 * shared computer's when the person ticked the box before leaving for the provider.
 */
export async function startSessionFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  claims: SignInClaims,
  method: 'oidc' | 'saml',
  /** The sign-in's access token, kept where the SIS is read as the student (issue 91). */
  sisToken?: UpstreamToken,
): Promise<UserRecord | null> {
  let profile;
  try {
    profile = await identify(app, claims, { persona: null, bearer: sisToken?.access });
  } catch (err) {
    if (!(err instanceof IdentityUnavailableError)) throw err;
    request.log.error({ err }, 'the SIS did not answer at sign-in');
    await app.audit(request, 'auth.signInFailed', { method, reason: 'sis' }, null);
    sendProblem(request, reply, SIS_UNAVAILABLE);
    return null;
  }
  const user = await app.repositories.users.upsert(profile, app.clock());
  app.changes.signedIn(
    { ...user, roles: [user.primary_role, ...user.other_roles] },
    sisToken?.access,
  );
  // Chosen on the page before the provider's (auth.routes.ts), kept in a cookie for the round trip.
  const sharedComputer = takeSharedChoice(request, reply, app.config.nodeEnv === 'production');
  await app.sessions.start(request, reply, user.id, { sharedComputer, sisToken });
  return user;
}
