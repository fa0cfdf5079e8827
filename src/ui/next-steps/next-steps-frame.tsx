import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageAnnouncer } from '../page-announcer.js';

/**
 * "Log out": a form posting the session's CSRF token to the backend logout address, the only way the
 * backend logs out. Without a token (the session already gone) a link to the "Log out?" page.
 */
export function LogoutForm({ csrf, className }: { csrf: string | null; className?: string }) {
  if (csrf === null) {
    return (
      <a href="/auth/logout" className={className}>
        <Trans>Log out</Trans>
      </a>
    );
  }
  return (
    <form method="post" action="/auth/logout" className="logout-form">
      <input type="hidden" name="csrf" value={csrf} />
      <button type="submit" className={`link-button ${className ?? ''}`.trim()}>
        <Trans>Log out</Trans>
      </button>
    </form>
  );
}

/** The Next Steps frame: title, its three screens, the page, and the notifications above it. */
export function NextStepsFrame({
  children,
  notices,
  csrf,
  settings = true,
  productName = 'Campus Portal',
}: {
  children: ReactNode;
  /** The portal's name (campus configuration), which the header links home with. */
  productName?: string;
  notices: ReactNode;
  /** Preferences and Affiliations are a checklist's settings: not offered without one. */
  settings?: boolean;
  /** The session's CSRF token, which the "Log out" form posts. */
  csrf: string | null;
}) {
  const { t } = useLingui();
  return (
    <div className="ns-frame">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="ns-header">
        <a href="/" className="ns-header__home">
          {productName}
        </a>
        <span className="ns-header__app">
          <Trans>Next Steps</Trans>
        </span>
        <nav aria-label={t`Next Steps`}>
          <ul className="ns-header__nav">
            <li>
              <Link to="/task/{-$task_id}" params={{ task_id: undefined }} search={{}}>
                <Trans>Tasks</Trans>
              </Link>
            </li>
            {settings && (
              <>
                <li>
                  <Link to="/preferences" activeProps={{ 'aria-current': 'page' }}>
                    <Trans>Preferences</Trans>
                  </Link>
                </li>
                <li>
                  <Link to="/affiliations" activeProps={{ 'aria-current': 'page' }}>
                    <Trans>Affiliations</Trans>
                  </Link>
                </li>
              </>
            )}
            <li>
              <LogoutForm csrf={csrf} className="ns-header__logout" />
            </li>
          </ul>
        </nav>
      </header>
      {notices}
      <main id="main" tabIndex={-1} className="ns-main">
        {children}
        {/* Last in main: inside a landmark, after the page it speaks of. */}
        <PageAnnouncer />
      </main>
    </div>
  );
}

/** A provisional account cannot use Next Steps (next-steps.md §6). */
export function ProvisionalNotice({ ssoName, csrf }: { ssoName: string; csrf: string | null }) {
  return (
    <section className="page">
      <h1>
        <Trans>Please log in with your {ssoName} account</Trans>
      </h1>
      <p>
        <Trans>
          You seem to be using a provisional email account. Next Steps works with your {ssoName}{' '}
          account: log out and sign in with it.
        </Trans>
      </p>
      <LogoutForm csrf={csrf} />
    </section>
  );
}
