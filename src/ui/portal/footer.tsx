import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Campus, CampusLink } from '../../../contract/campus.schema.js';
import { sections } from '../../lib/sections.js';
import { NewTabNote } from '../new-tab-note.js';

export interface FooterProps {
  year: number;
  campus: Campus;
  /** The short build hash, for initialised staff users only (portal.md §6). */
  staffBuild: string | null;
  /** The footer's demo toggle, when the user may use demo mode. */
  demo?: ReactNode;
}

function ExternalLinks({ title, links }: { title: string; links: readonly CampusLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="footer__heading">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url} target="_blank" rel="noopener">
              <span lang={link.lang}>{link.label}</span>
              <NewTabNote />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** portal.md §2 Footer: Main Site, School Tools, Support & Help, New Students, the legal line. */
export function Footer({ year, campus, staffBuild, demo }: FooterProps) {
  const { i18n, t } = useLingui();
  const university = campus.universityName;
  return (
    <footer className="footer">
      <nav aria-label={t`Main site`}>
        <h2 className="footer__heading">
          <Trans>Main Site</Trans>
        </h2>
        <ul>
          {sections.map((s) => (
            <li key={s.path}>
              <Link to={s.path}>{i18n._(s.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <ExternalLinks title={t`School Tools`} links={campus.schoolTools} />
      <nav aria-label={t`Support & Help`}>
        <h2 className="footer__heading">
          <Trans>Support &amp; Help</Trans>
        </h2>
        <ul>
          {campus.supportAndHelp.map((link) => (
            <li key={link.url}>
              <a href={link.url} lang={link.lang}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t`New Students`}>
        <h2 className="footer__heading">
          <Trans>New Students</Trans>
        </h2>
        <ul>
          <li>
            <a href={campus.links.applicantPortal}>
              <Trans>Applicant Portal</Trans>
            </a>
          </li>
        </ul>
      </nav>
      <div className="footer__legal">
        <p>
          <Trans>
            © {year} {university} · <a href={campus.links.privacy}>Privacy Notice</a> ·{' '}
            <a href={campus.links.feedback}>Feedback</a> · <Link to="/logout">Log out</Link>
          </Trans>
        </p>
        {demo}
        {staffBuild !== null && (
          <p className="footer__staff">
            <Trans>
              Version {staffBuild} · <a href="/admin">Admin</a>
            </Trans>
          </p>
        )}
      </div>
    </footer>
  );
}
