import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canSupport } from '../auth/rights.js';
import { requestLanguage } from '../i18n/request-language.js';
import type { ViewAsEnd, ViewAsRecord } from '../db/repositories/view-as.repository.js';

/** What every view-as audit entry carries: the view, its reason and ticket, whose record it is. */
export const viewDetail = (view: ViewAsRecord) => ({
  view: view.id,
  reason: view.reason,
  ...(view.ticket === null ? {} : { ticket: view.ticket }),
});

/**
 * Ends a view (the End button, a sign-out, its time run out): marks it ended in the store, which
 * every process reads on its next request, and audits the end as its viewer (`viewAs.end`).
 */
export function endViews(
  app: FastifyInstance,
  sessionHash: string,
  by: ViewAsEnd,
  address: string | null,
): Promise<ViewAsRecord[]> {
  const now = app.clock();
  return audited(app, app.repositories.viewAs.endBySession(sessionHash, now, by), by, address);
}

/**
 * Ends every view a staff member runs once they no longer hold Support (the right revoked): a view
 * paused by the revocation would otherwise resume, with no new start, audit or email, when the
 * right is granted again within its time.
 */
export function endViewsOf(
  app: FastifyInstance,
  actorId: number,
  address: string | null,
): Promise<ViewAsRecord[]> {
  const now = app.clock();
  return audited(
    app,
    app.repositories.viewAs.endByActor(actorId, now, 'revoked'),
    'revoked',
    address,
  );
}

async function audited(
  app: FastifyInstance,
  ending: Promise<ViewAsRecord[]>,
  by: ViewAsEnd,
  address: string | null,
): Promise<ViewAsRecord[]> {
  const ended = await ending;
  const now = app.clock();
  for (const view of ended) {
    const expired = view.endsAt.getTime() <= now.getTime();
    await app.repositories.audit.record({
      at: now,
      userId: view.actorId,
      username: view.actorUsername,
      action: 'viewAs.end',
      detail: { ...viewDetail(view), subjectId: view.subjectId, by: expired ? 'expiry' : by },
      address,
    });
  }
  return ended;
}

/**
 * onRequest, between a protected scope's guard and the acting hook (plugins/authenticated.ts): when
 * the signed-in person holds Support and their session runs a view as a student, sets
 * `request.viewing` (the view, the student's record and the viewer's language), so the acting hook makes the student the
 * subject and the capacity `support`. The store is asked on every such request, so an end on one
 * process (End, sign-out, expiry, the right revoked) holds on every other at once. Anyone without
 * Support costs nothing here.
 */
export async function lookUpViewAs(request: FastifyRequest): Promise<void> {
  const auth = request.auth;
  if (!auth || !canSupport(auth.user)) return;
  const app = request.server;
  const view = await app.repositories.viewAs.openOf(auth.session.idHash);
  if (!view) return;
  if (view.endsAt.getTime() <= app.clock().getTime()) {
    await endViews(app, auth.session.idHash, 'expiry', request.ip);
    return;
  }
  const subject = await app.repositories.users.findById(view.subjectId);
  if (!subject) return;
  // The bar is the viewer's, in their language, not the student's (issue 73).
  const viewerLanguage =
    (await app.repositories.preferences.languageOf(auth.user.id)) ?? requestLanguage(request);
  request.viewing = { view, subject, viewerLanguage };
}
