import type { FastifyInstance } from 'fastify';
import type { SisIdentity } from '../../contract/sis/identity.schema.js';
import type { UserProfile } from '../db/repositories/users.repository.js';
import { SisNotFoundError } from '../sis/port.js';
import type { SignInClaims } from './claims.js';
import { rightsOf } from './rights.js';

/** Someone the SIS does not know: a student who may see nothing beyond the basics. */
const unknownPerson: SisIdentity = {
  nine_number: '',
  primary_role: 'student',
  other_roles: [],
  financial_dashboard_access: false,
  has_provisional_account: false,
};

/** The SIS could not be asked: sign-in is refused rather than guessed (fail closed). */
export class IdentityUnavailableError extends Error {
  override name = 'IdentityUnavailableError';
}

/**
 * Everything sign-in stores about a person, whichever way they signed in: who they are from the
 * identity provider (or the demo page, the development provider), their record — university ID, roles,
 * financial dashboard, provisional account — read through the configured SIS port, and their rights
 * from the provider's groups and the grants table.
 */
export async function identify(
  app: FastifyInstance,
  claims: SignInClaims,
  extra: {
    persona: string | null;
    is_new_student?: boolean;
    /** The sign-in's token, where the SIS is read as the student (issue 91). */
    bearer?: string | undefined;
  },
): Promise<UserProfile> {
  let record: SisIdentity;
  try {
    const { bearer } = extra;
    record = await app.sis.read('identity', {
      username: claims.username,
      persona: extra.persona,
      ...(bearer ? { bearer } : {}),
    });
  } catch (err) {
    if (!(err instanceof SisNotFoundError)) {
      throw new IdentityUnavailableError('the SIS did not answer the identity read', {
        cause: err,
      });
    }
    record = unknownPerson;
  }
  const grants = await app.repositories.grants.rightsOf(claims.username);
  const { groups: _groups, ...person } = claims;
  return {
    ...person,
    ...record,
    ...rightsOf(claims.groups, grants, app.config.groups),
    persona: extra.persona,
    ...(extra.is_new_student === undefined ? {} : { is_new_student: extra.is_new_student }),
  };
}
