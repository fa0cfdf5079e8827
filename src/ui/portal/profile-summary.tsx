import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Hold } from '../../../contract/sis/holds.schema.js';
import type { ProfileImage } from '../../lib/profile-image.js';
import { useReadFailedText } from '../read-failed.js';
import { EmptyValue } from './empty-value.js';
import { RecordText } from '../record-text.js';
import { Avatar } from './profile-image.js';
import type { SectionStatusValue } from './section-status.js';
import './profile.css';

/** A detail that loads on its own: its text once loaded, a quiet placeholder before. */
export interface LoadedText {
  status: SectionStatusValue;
  text: string;
}

const shown = ({ status, text }: LoadedText, empty: string, failed: string): ReactNode =>
  status === 'loading' ? (
    <Trans>Loading…</Trans>
  ) : status === 'error' ? (
    failed
  ) : text && text !== empty ? (
    <RecordText>{text}</RecordText>
  ) : (
    <EmptyValue>{empty}</EmptyValue>
  );

export interface StudentCardProps {
  image: ProfileImage;
  name: string;
  universityId: string;
  program: LoadedText;
  classStanding: LoadedText;
  /** Issue 92: the degree audit's headline, on the dashboard's card. */
  degree?: ReactNode;
}

/** portal.md §2 Shared blocks: photo or initials, name, university ID, program and class standing. */
export function StudentCard(props: StudentCardProps) {
  const failed = useReadFailedText();
  const { t } = useLingui();
  return (
    <div className="profile-card">
      <Avatar image={props.image} size="large" />
      <dl className="profile-card__facts">
        <dt className="visually-hidden">
          <Trans>Name</Trans>
        </dt>
        <dd className="profile-card__name">{props.name}</dd>
        <dt>
          <Trans>University ID</Trans>
        </dt>
        <dd>{props.universityId}</dd>
        <dt>
          <Trans>Program</Trans>
        </dt>
        <dd className="profile-card__program">
          {shown(props.program, t`No Record Found/Not Applicable`, failed)}
        </dd>
        <dt>
          <Trans>Class standing</Trans>
        </dt>
        <dd>{shown(props.classStanding, t`No Class Standing/Not Applicable`, failed)}</dd>
        {props.degree && (
          <>
            <dt>
              <Trans context="profile card">Degree progress</Trans>
            </dt>
            <dd className="profile-card__degree">{props.degree}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

export interface EmployeeCardProps {
  image: ProfileImage;
  name: string;
  universityId: string;
  roles: string[];
  title: LoadedText;
  department: LoadedText;
}

/** portal.md §6: the employee card (title, department, roles, university ID) and its notice. */
export function EmployeeCard(props: EmployeeCardProps) {
  const failed = useReadFailedText();
  const { t } = useLingui();
  return (
    <div className="profile-card">
      <Avatar image={props.image} size="large" />
      <div>
        <dl className="profile-card__facts">
          <dt className="visually-hidden">
            <Trans>Name</Trans>
          </dt>
          <dd className="profile-card__name">{props.name}</dd>
          <dt>
            <Trans>Title</Trans>
          </dt>
          <dd>{shown(props.title, t`Not on record`, failed)}</dd>
          <dt>
            <Trans>Department</Trans>
          </dt>
          <dd>{shown(props.department, t`Not on record`, failed)}</dd>
          <dt>
            <Trans>Roles</Trans>
          </dt>
          <dd>{props.roles.join(', ')}</dd>
          <dt>
            <Trans>University ID</Trans>
          </dt>
          <dd>{props.universityId}</dd>
        </dl>
        <p className="profile-card__notice">
          <Trans>Changes to the campus directory may take up to 15 minutes to appear.</Trans>
        </p>
      </div>
    </div>
  );
}

export interface HoldsSummaryProps {
  status: SectionStatusValue;
  holds: Hold[];
}

/**
 * One summary row of the dashboard's profile card (the holds, the balance): its title, its state
 * while loading or failed (`unavailable`), what it shows once read, and its "View more" link.
 */
export function SummaryRow(props: {
  title: ReactNode;
  status: SectionStatusValue;
  unavailable: ReactNode;
  /** The row's classes: `holds-summary`, and the balance's own. */
  className: string;
  children: ReactNode;
  more: ReactNode;
}) {
  return (
    <div className={props.className}>
      <h3 className="holds-summary__title">{props.title}</h3>
      {props.status === 'loading' && (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      )}
      {props.status === 'error' && <p>{props.unavailable}</p>}
      {(props.status === 'empty' || props.status === 'loaded') && props.children}
      {props.more}
    </div>
  );
}

/** The dashboard's holds summary for students, with "View more" to the Account page's holds. */
export function HoldsSummary({ status, holds }: HoldsSummaryProps) {
  return (
    <SummaryRow
      className="holds-summary"
      title={<Trans>Holds</Trans>}
      status={status}
      unavailable={<Trans>Holds not available at this time</Trans>}
      more={
        <Link to="/account" hash="holds">
          <Trans>
            View more<span className="visually-hidden"> about holds</span>
          </Trans>
        </Link>
      }
    >
      {status === 'empty' ? (
        <p className="muted">
          <Trans>No holds</Trans>
        </p>
      ) : (
        <ul className="holds-summary__list">
          {holds.map((h) => (
            <li key={`${h.HOLD}-${h.HOLDFROMDATE}`}>
              <RecordText>{h.HOLDDESCRIPTION}</RecordText>
            </li>
          ))}
        </ul>
      )}
    </SummaryRow>
  );
}

export interface ProfileSummaryProps {
  /** portal.md §2: on the dashboard, "Hello" plus the display name. */
  greeting?: string | null;
  card: ReactNode;
  holds?: ReactNode;
}

/**
 * The greeting is the block's heading (level 2, under the page's h1), so the holds heading (level 3)
 * under it keeps the heading levels in order.
 */
export function ProfileSummary({ greeting, card, holds }: ProfileSummaryProps) {
  const { t } = useLingui();
  return (
    <section className="block profile-summary" aria-label={t`Profile summary`}>
      {greeting && <h2 className="greeting">{greeting}</h2>}
      {card}
      {holds}
    </section>
  );
}
