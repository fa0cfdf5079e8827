import type { FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { canSupport, isStaff, isSuperuser } from '../auth/rights.js';
import { renderDocument } from '../html/render.js';
import { themeOf } from '../html/theme.js';

export const ADMIN_CSS_PATH = '/admin/admin.css';

/** The admin's sections; `superuser` ones are listed to superusers only. */
const SECTIONS = [
  { id: 'activity', href: '/admin', label: 'Activity', superuser: false },
  { id: 'content', href: '/admin/posts', label: 'Content', superuser: false },
  { id: 'messages', href: '/admin/messages', label: 'Messages', superuser: false },
  { id: 'tasks', href: '/admin/tasks', label: 'Next Steps tasks', superuser: false },
  { id: 'choices', href: '/admin/choices', label: 'Task choices', superuser: false },
  { id: 'change-rules', href: '/admin/change-rules', label: 'Change rules', superuser: false },
  { id: 'outbox', href: '/admin/outbox', label: 'Outbox', superuser: false },
  { id: 'reach', href: '/admin/reach', label: 'Reach', superuser: false },
  { id: 'dashboard', href: '/admin/dashboard', label: 'Dashboard blocks', superuser: false },
  { id: 'consents', href: '/admin/consents', label: 'Family access', superuser: false },
  { id: 'grants', href: '/admin/grants', label: 'Who may do what', superuser: true },
  { id: 'publishers', href: '/admin/publishers', label: 'Publishers', superuser: true },
  // Issue 73: listed to holders of the Support right only (staff or not).
  { id: 'view-as', href: '/admin/view-as', label: 'View as', superuser: false },
] as const;

/** Whether a section is listed to `user`: View as to Support, the others to staff (or superusers). */
function listed(
  section: (typeof SECTIONS)[number],
  user: Parameters<typeof isStaff>[0] | undefined,
) {
  if (!user) return false;
  if (section.id === 'view-as') return canSupport(user);
  return section.superuser ? isSuperuser(user) : isStaff(user);
}
export type AdminSection = (typeof SECTIONS)[number]['id'];

export interface AdminView {
  title: string;
  section: AdminSection;
  body: ReactNode;
  /** A one-line confirmation of what just happened (`?done=`). */
  notice?: string | undefined;
}

/**
 * A page of the admin: server-rendered HTML with one stylesheet and no script at all, so it works by
 * keyboard and without JavaScript, passes the strict CSP, and the portal's own bundle never carries it.
 */
export function adminPage(request: FastifyRequest, productName: string, view: AdminView) {
  // The staff member signed in: the admin acts as them.
  const actor = request.acting?.actor;
  const user = actor && actor.capacity !== 'delegate' ? actor.user : undefined;
  return renderDocument(
    <html lang="en" data-theme={themeOf(request)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${view.title} · Admin · ${productName}`}</title>
        <link rel="stylesheet" href={ADMIN_CSS_PATH} />
      </head>
      <body className="admin">
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="bar">
          <p className="brand">
            <a href="/admin">{productName} admin</a>
          </p>
          <p className="who">
            Signed in as {user?.username ?? ''}
            {user && isSuperuser(user) ? ' (superuser)' : ''} · <a href="/">Back to the portal</a>
          </p>
        </header>
        <nav aria-label="Admin sections">
          <ul>
            {SECTIONS.filter((s) => listed(s, user)).map((s) => (
              <li key={s.id}>
                <a href={s.href} aria-current={s.id === view.section ? 'page' : undefined}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main">
          <h1>{view.title}</h1>
          {view.notice ? (
            <div className="notice done" role="status">
              {view.notice}
            </div>
          ) : null}
          {view.body}
        </main>
      </body>
    </html>,
  );
}
