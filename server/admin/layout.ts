import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../html/page.js';

export const ADMIN_CSS_PATH = '/admin/admin.css';

/** The admin's sections; `superuser` ones are listed to superusers only. */
const SECTIONS = [
  { id: 'activity', href: '/admin', label: 'Activity', superuser: false },
  { id: 'content', href: '/admin/posts', label: 'Content', superuser: false },
  { id: 'messages', href: '/admin/messages', label: 'Messages', superuser: false },
  { id: 'tasks', href: '/admin/tasks', label: 'Next Steps tasks', superuser: false },
  { id: 'choices', href: '/admin/choices', label: 'Task choices', superuser: false },
  { id: 'grants', href: '/admin/grants', label: 'Who may do what', superuser: true },
] as const;
export type AdminSection = (typeof SECTIONS)[number]['id'];

export interface AdminView {
  title: string;
  section: AdminSection;
  body: string;
  /** A one-line confirmation of what just happened (`?done=`). */
  notice?: string | undefined;
}

/**
 * A page of the admin: server-rendered HTML with one stylesheet and no script at all, so it works by
 * keyboard and without JavaScript, passes the strict CSP, and the portal's own bundle never carries it.
 */
export function adminPage(request: FastifyRequest, productName: string, view: AdminView) {
  const user = request.auth?.user;
  const nav = SECTIONS.filter((s) => !s.superuser || user?.is_superuser)
    .map(
      (s) =>
        `<li><a href="${s.href}"${s.id === view.section ? ' aria-current="page"' : ''}>${escapeHtml(s.label)}</a></li>`,
    )
    .join('');
  const notice = view.notice
    ? `<div class="notice done" role="status">${escapeHtml(view.notice)}</div>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(view.title)} · Admin · ${escapeHtml(productName)}</title>
  <link rel="stylesheet" href="${ADMIN_CSS_PATH}">
</head>
<body class="admin">
  <a class="skip" href="#main">Skip to content</a>
  <header class="bar">
    <p class="brand"><a href="/admin">${escapeHtml(productName)} admin</a></p>
    <p class="who">Signed in as ${escapeHtml(user?.username ?? '')}${user?.is_superuser ? ' (superuser)' : ''} · <a href="/">Back to the portal</a></p>
  </header>
  <nav aria-label="Admin sections"><ul>${nav}</ul></nav>
  <main id="main">
    <h1>${escapeHtml(view.title)}</h1>
    ${notice}
${view.body}
  </main>
</body>
</html>`;
}
