import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The Next Steps frame: title, its three screens, the page, and the notifications above it. */
export function NextStepsFrame({ children, notices }: { children: ReactNode; notices: ReactNode }) {
  return (
    <div className="ns-frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="ns-header">
        <a href="/" className="ns-header__home">
          Campus Portal
        </a>
        <span className="ns-header__app">Next Steps</span>
        <nav aria-label="Next Steps">
          <ul className="ns-header__nav">
            <li>
              <Link to="/task/{-$task_id}" params={{ task_id: undefined }} search={{}}>
                Tasks
              </Link>
            </li>
            <li>
              <Link to="/preferences" activeProps={{ 'aria-current': 'page' }}>
                Preferences
              </Link>
            </li>
            <li>
              <Link to="/affiliations" activeProps={{ 'aria-current': 'page' }}>
                Affiliations
              </Link>
            </li>
            <li>
              <a href="/auth/logout">Log out</a>
            </li>
          </ul>
        </nav>
      </header>
      {notices}
      <main id="main" tabIndex={-1} className="ns-main">
        {children}
      </main>
    </div>
  );
}

/** A provisional account cannot use Next Steps (next-steps.md §6). */
export function ProvisionalNotice({ ssoName }: { ssoName: string }) {
  return (
    <section className="page">
      <h1>Please log in with your {ssoName} account</h1>
      <p>
        You seem to be using a provisional email account. Next Steps works with your {ssoName}{' '}
        account: log out and sign in with it.
      </p>
      <a href="/auth/logout">Log out</a>
    </section>
  );
}
