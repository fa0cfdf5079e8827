import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { sections } from '../../lib/sections.js';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import { usePlatformPopover } from '../menu-disclosure.js';
import { SafetyLinks, SafetyMenu } from './safety-menu.js';
import type { SafetyContacts } from './safety-menu.js';
import './sidebar-account.css';

/** Issue 88: a delegate's menu, loaded only in delegate capacity. */
const DelegateMenuItems = lazy(() =>
  import('./delegate-menu.js').then((m) => ({ default: m.DelegateMenuItems })),
);
const DelegateAccountMenu = lazy(() =>
  import('./delegate-menu.js').then((m) => ({ default: m.DelegateAccountMenu })),
);

export interface SidebarProps {
  productName: string;
  /** The five sections show only once the user record is initialised (portal.md §2 Layout). */
  initialised: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
  safetyOpen: boolean;
  onToggleSafety: () => void;
  onCloseSafety: () => void;
  safety: SafetyContacts;
  /** The DEMO label and toggle. */
  demo?: ReactNode;
  /**
   * The account menu's "Install the app", pressed: opens the browser's install prompt and answers
   * true, or answers false when there is no offer to prompt (the item then leads to Account's
   * section, as a link).
   */
  onInstall?: () => boolean;
  /**
   * Issue 88: a delegate's shared categories: the main menu shows only the sections they open, and
   * no Account menu (the delegate has no account here). Absent for the person and for support.
   */
  shared?: readonly DelegateCategory[];
}

/**
 * The sidebar: logo linking to the root, the main menu (always shown on desktop, behind the Menu
 * toggle on small screens, where it also holds the safety entries; Escape closes it) and the desktop
 * safety toggle. Before the app has the page (a page the server drew, its scripts late or off: issue
 * 87) the small screen's menu is the platform's popover, as the menus' are (src/ui/menu-disclosure),
 * so the safety entries open with no script; once the app runs, the menu machine has it.
 */
export function Sidebar(props: SidebarProps) {
  const { productName, initialised, menuOpen, onToggleMenu, safety, demo } = props;
  const { i18n, t } = useLingui();
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const platform = usePlatformPopover(menu, menuOpen, onToggleMenu);
  // Like every menu of the product, the open menu closes on Escape and focus returns to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      toggle.current?.focus();
      onToggleMenu();
    };
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [menuOpen, onToggleMenu]);
  return (
    <aside className={`sidebar${menuOpen ? ' sidebar--open' : ''}`}>
      <div className="sidebar__bar">
        <Link to="/" className="sidebar__logo" aria-label={t`${productName} home`}>
          {productName}
        </Link>
        <button
          ref={toggle}
          type="button"
          className="sidebar__menu-toggle"
          // Before the app: the browser's own expanded state of a popover's button.
          aria-expanded={platform ? undefined : menuOpen}
          aria-controls="main-menu"
          popoverTarget={platform ? 'main-menu' : undefined}
          onClick={platform ? undefined : onToggleMenu}
        >
          <Trans>Menu</Trans>
        </button>
      </div>
      <div
        ref={menu}
        id="main-menu"
        className="sidebar__menu"
        popover={platform ? 'auto' : undefined}
      >
        {initialised && (
          <nav aria-label={t`Main menu`}>
            <ul className="menu">
              {props.shared ? (
                <Suspense fallback={null}>
                  <DelegateMenuItems shared={props.shared} />
                </Suspense>
              ) : (
                sections.map((s) => (
                  <li key={s.path}>
                    <Link to={s.path} activeProps={{ 'aria-current': 'page' }}>
                      {i18n._(s.label)}
                    </Link>
                  </li>
                ))
              )}
            </ul>
          </nav>
        )}
        {initialised && props.shared && (
          <Suspense fallback={null}>
            <DelegateAccountMenu />
          </Suspense>
        )}
        {initialised && !props.shared && (
          <nav aria-label={t`Your account`} className="sidebar__account">
            <ul className="menu">
              <li>
                <Link to="/account" activeProps={{ 'aria-current': 'page' }}>
                  <Trans>Account</Trans>
                </Link>
              </li>
              {/* Shown only while the browser offers to install the portal (sidebar-account.css). */}
              <li className="sidebar__install">
                <Link
                  to="/account"
                  hash="install"
                  onClick={(event) => {
                    // The browser lets a page prompt only in the person's own press: here, at once.
                    if (props.onInstall?.()) event.preventDefault();
                  }}
                >
                  <Trans>Install the app</Trans>
                </Link>
              </li>
            </ul>
          </nav>
        )}
        <nav aria-label={t`Campus safety`} className="sidebar__safety-mobile">
          <h2 className="sidebar__heading">
            <Trans>Safety</Trans>
          </h2>
          <SafetyLinks {...safety} />
        </nav>
      </div>
      <div className="sidebar__safety-desktop">
        <SafetyMenu
          open={props.safetyOpen}
          onToggle={props.onToggleSafety}
          onClose={props.onCloseSafety}
          contacts={safety}
        />
      </div>
      {/* Last, not first: the menu's first control is a page, not a mode switch (issue 43). */}
      {demo}
    </aside>
  );
}
