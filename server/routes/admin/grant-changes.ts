import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountOf } from '../../auth/acting.js';
import type { Grant, Right } from '../../../contract/grants.schema.js';
import { RIGHT_FLAG, canSupport, changeRightsAs } from '../../auth/rights.js';
import { endViewsOf } from '../../plugins/view-as.js';

/**
 * Grants a right to a username, for the grants API and the admin's page alike, as the request's user
 * while they are still a superuser (changeRightsAs); applies to a signed-in person at once, on every
 * process (the provider's groups are checked again at their next sign-in); audited.
 */
export async function grantRight(
  app: FastifyInstance,
  request: FastifyRequest,
  username: string,
  right: Right,
  office: string | null = null,
): Promise<Grant> {
  const actor = accountOf(request.actor);
  const now = app.clock();
  const grant = await changeRightsAs(app.database, actor, username, async ({ grants, users }) => {
    const granted = await grants.put(username, right, actor.username, now, office);
    const flag = RIGHT_FLAG[right];
    if (flag) await users.setFlag(username, flag, true, now);
    return granted;
  });
  await app.sessions.rightsChanged(username);
  await app.auditChange(request, {
    action: 'admin.grant',
    kind: 'grant',
    objectId: `${username}/${right}`,
    before: null,
    after: { username, right, ...(office ? { office } : {}) },
  });
  return grant;
}

/** Revokes a granted right, as grantRight grants one; answers whether there was one. Audited. */
export async function revokeRight(
  app: FastifyInstance,
  request: FastifyRequest,
  username: string,
  right: Right,
): Promise<boolean> {
  const now = app.clock();
  const revoked = await changeRightsAs(
    app.database,
    accountOf(request.actor),
    username,
    async ({ grants, users }) => {
      if (!(await grants.delete(username, right))) return false;
      const flag = RIGHT_FLAG[right];
      if (flag) await users.setFlag(username, flag, false, now);
      // Staff came with superuser: it stays only if granted on its own.
      if (right === 'superuser' && !(await grants.rightsOf(username)).has('staff')) {
        await users.setFlag(username, 'is_staff', false, now);
      }
      return true;
    },
  );
  if (!revoked) return false;
  await app.sessions.rightsChanged(username);
  // Without Support any more: the views they run end now, recorded as ended, never to resume.
  const user = await app.repositories.users.findByUsername(username);
  if (user && !canSupport(user)) await endViewsOf(app, user.id, request.ip);
  await app.auditChange(request, {
    action: 'admin.revoke',
    kind: 'grant',
    objectId: `${username}/${right}`,
    before: { username, right },
    after: null,
  });
  return true;
}
