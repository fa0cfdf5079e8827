import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { sections } from '../../lib/sections.js';

export interface AppFrameProps {
  /** The five sections show only once the user record is initialised (portal.md §2 Layout). */
  initialised: boolean;
  children: ReactNode;
  footer: ReactNode;
}

/** The portal's frame: sidebar with logo and menu, the page, the footer. */
export function AppFrame({ initialised, children, footer }: AppFrameProps) {
  return (
    <div className="frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <Link to="/" className="sidebar__logo" aria-label="Campus Portal home">
          Campus Portal
        </Link>
        {initialised && (
          <nav aria-label="Main menu">
            <ul className="menu">
              {sections.map((s) => (
                <li key={s.path}>
                  <Link to={s.path} activeProps={{ 'aria-current': 'page' }}>
                    {s.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </aside>
      <div className="frame__body">
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {footer}
      </div>
    </div>
  );
}
