import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { endViews, viewDetail } from '../view-as.js';

/**
 * View as a student (issue 73): every answer given in a view is audited as its viewer, with the
 * view's reason and ticket — a read (`viewAs.read`, the API address read) or a refused change
 * (`viewAs.writeRefused`); a sign-out (or any end of the staff member's portal session) ends the
 * view it ran.
 */
export default fp(
  async function viewAs(app: FastifyInstance) {
    app.addHook('onResponse', function auditViewAs(request, reply, done) {
      // A plain hook: a request outside a view costs a property read, no promise (issue 78).
      const viewing = request.viewing;
      const acting = request.acting;
      if (acting === null) return done();
      const read = request.method === 'GET' || request.method === 'HEAD';
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      const status = reply.statusCode;
      if (viewing) {
        const action = read ? 'viewAs.read' : 'viewAs.writeRefused';
        app
          .audit(request, action, { ...viewDetail(viewing.view), route, status })
          .then(() => done(), done);
        return;
      }
      // A delegate's reads and refused changes, as support's views are, the delegate the actor
      // (issue 88); a change a route let them make is audited by the route itself.
      if (acting.actor.capacity !== 'delegate' || (!read && status !== 403)) return done();
      app
        .audit(request, read ? 'delegate.read' : 'delegate.writeRefused', { route, status })
        .then(() => done(), done);
    });
    app.sessions.onEnded(async (subject) => {
      if (subject.startsWith('user:')) return;
      await endViews(app, subject, 'sign-out', null);
    });
  },
  { name: 'view-as', dependencies: ['session', 'audit', 'repositories'] },
);
