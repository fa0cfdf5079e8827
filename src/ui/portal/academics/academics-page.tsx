import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Loading } from '../../loading.js';
import type { CampusLink } from '../../../../contract/campus.schema.js';
import './academics.css';

export interface AcademicsPageProps {
  /** The profile summary's student card, above everything else. */
  summary: ReactNode;
  attendance: ReactNode;
  term: ReactNode;
  gpa: ReactNode;
  standing: ReactNode;
  program: ReactNode;
  /** Issue 92: the degree audit, under the program it measures. */
  degree?: ReactNode;
  schedule: ReactNode;
  /** The personal calendar subscription: classes and deadlines in the student's own calendar. */
  calendar: ReactNode;
  grades: ReactNode;
  advisors: ReactNode;
  /**
   * While the parts at the top (the attendance warnings, which show only when there are some) have
   * not answered, the sections load out of sight under a loading line, so a warning arriving late
   * cannot push the page down.
   */
  settling?: boolean;
  /** The page's toolbar (title, bell, profile image); without it, the title alone. */
  toolbar?: ReactNode;
}

/** portal.md §3 Academics: a student's program, standing, GPA, term, degree progress,
 * schedule, grades and advisors. */
export function AcademicsPage(props: AcademicsPageProps) {
  return (
    <section className="page academics" aria-labelledby="academics-title">
      {props.toolbar ?? (
        <h1 className="page__title" id="academics-title">
          <Trans>Academics</Trans>
        </h1>
      )}
      {props.settling && <Loading />}
      {/* Mounted (and loading) while the top settles, shown when it has: nothing on screen moves. */}
      <div className="academics__body" hidden={props.settling}>
        {props.summary}
        {props.attendance}
        <div className="academics__overview">
          {props.term}
          {props.gpa}
          {props.standing}
        </div>
        {props.program}
        {props.degree}
        {props.schedule}
        {props.calendar}
        <div className="academics__pair">
          {props.grades}
          {props.advisors}
        </div>
      </div>
    </section>
  );
}

/** What the page is for someone without a student role: not their own record, and where to go. */
export function EmployeeAcademics({
  links,
  toolbar,
  summary,
}: {
  links: CampusLink[];
  toolbar?: ReactNode;
  /** portal.md §2: the profile summary shows a student card on academics, whatever the role. */
  summary?: ReactNode;
}) {
  return (
    <section className="page academics" aria-labelledby="academics-title">
      {toolbar ?? (
        <h1 className="page__title" id="academics-title">
          <Trans>Academics</Trans>
        </h1>
      )}
      {summary}
      <div className="acad-card acad-card--wide">
        <h2 className="acad-card__title">
          <Trans>This page is for students</Trans>
        </h2>
        <p>
          <Trans>
            Academics shows students their own program, class schedule, grades and advisors. Your
            account has no student role, so there is no academic record of yours to show here.
          </Trans>
        </p>
        <p>
          <Trans>
            Advising and teaching (your advisees, class rosters and grading) are not part of the
            portal. Use these university tools instead:
          </Trans>
        </p>
        <ul className="acad-links">
          {links.map((link) => (
            <li key={link.url}>
              <a href={link.url} target="_blank" rel="noreferrer" lang={link.lang}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
