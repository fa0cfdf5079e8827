import type { FastifyInstance } from 'fastify';
import { defaultCampus } from '../../../contract/campus.schema.js';
import type { AuditEntry } from '../../db/repositories/audit.repository.js';
import { escapeHtml, renderPage, sendProblem } from '../../html/page.js';
import { isStaff } from '../../plugins/session.js';

const RECENT_ENTRIES = 20;

/** What the admin will hold; each section arrives with its feature. */
const SECTIONS: ReadonlyArray<readonly [string, string]> = [
  ['Content', 'Pages and posts of the portal: heroes, promos, resources, videos, cards.'],
  ['Messages', 'Notifications, banner messages and nudges sent to users.'],
  ['Next Steps tasks', 'The tasks of the checklist, their categories and dates.'],
];

function auditRow(entry: AuditEntry) {
  const detail = Object.entries(entry.detail)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
  return `<tr><td>${escapeHtml(entry.at.toISOString())}</td><td>${escapeHtml(entry.username ?? '—')}</td><td>${escapeHtml(entry.action)}</td><td>${escapeHtml(detail)}</td></tr>`;
}

/** `/admin`: the backend admin, for staff only (portal.md §6 footer admin link). */
export default async function adminRoutes(app: FastifyInstance) {
  app.get('/admin', { schema: { hide: true } }, async (request, reply) => {
    const found = await app.sessions.fromCookie(request);
    if (!found) {
      if (/\btext\/html\b/.test(request.headers.accept ?? '')) {
        return reply.redirect('/auth/login?next=%2Fadmin', 303);
      }
      return reply.code(401).send({ detail: 'Authentication credentials were not provided.' });
    }
    if (!isStaff(found.user)) {
      return sendProblem(request, reply, {
        status: 403,
        title: 'Staff only',
        detail: 'You do not have permission to perform this action.',
        link: { href: '/', text: 'Back to the portal' },
      });
    }
    const entries = await app.auditLog.latest(RECENT_ENTRIES);
    const sections = SECTIONS.map(
      ([name, what]) => `      <li><strong>${escapeHtml(name)}</strong>: ${escapeHtml(what)}</li>`,
    ).join('\n');
    const body = `    <h1>Administration</h1>
    <p>Signed in as ${escapeHtml(found.user.username)}. <a href="/">Back to the portal</a></p>
    <h2>Coming here</h2>
    <ul>
${sections}
    </ul>
    <h2>Recent activity</h2>
    <table>
      <thead><tr><th scope="col">When (UTC)</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Detail</th></tr></thead>
      <tbody>${entries.map(auditRow).join('')}</tbody>
    </table>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPage({ title: 'Administration', productName: defaultCampus.productName, body }));
  });
}
