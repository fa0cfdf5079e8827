import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Grant, Right } from '../../../contract/grants.schema.js';
import type { Rights } from '../../auth/rights.js';

const FLAG: Record<Right, keyof Rights> = {
  staff: 'is_staff',
  superuser: 'is_superuser',
  demo: 'can_use_demo',
};

/**
 * Grants a right to a username, for the grants API and the admin's page alike; applies to a signed-in
 * person at once (the provider's groups are checked again at their next sign-in); audited.
 */
export async function grantRight(
  app: FastifyInstance,
  request: FastifyRequest,
  username: string,
  right: Right,
): Promise<Grant> {
  const by = request.auth?.user.username ?? null;
  const grant = await app.repos.grants.put(username, right, by, app.clock());
  await app.repos.users.setFlag(username, FLAG[right], true, app.clock());
  await app.auditChange(request, {
    action: 'admin.grant',
    kind: 'grant',
    objectId: `${username}/${right}`,
    before: null,
    after: { username, right },
  });
  return grant;
}

/** Revokes a granted right; answers whether there was one. Audited. */
export async function revokeRight(
  app: FastifyInstance,
  request: FastifyRequest,
  username: string,
  right: Right,
): Promise<boolean> {
  if (!(await app.repos.grants.delete(username, right))) return false;
  const now = app.clock();
  await app.repos.users.setFlag(username, FLAG[right], false, now);
  // Staff came with superuser: it stays only if granted on its own.
  if (right === 'superuser' && !(await app.repos.grants.rightsOf(username)).has('staff')) {
    await app.repos.users.setFlag(username, 'is_staff', false, now);
  }
  await app.auditChange(request, {
    action: 'admin.revoke',
    kind: 'grant',
    objectId: `${username}/${right}`,
    before: { username, right },
    after: null,
  });
  return true;
}
