import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { GpaRecord } from '../../../../contract/sis/gpa.schema.js';
import type { Standing } from '../../../../contract/sis/academics.schema.js';
import { NO_STANDING, academicStandingLabel, pickGpa } from '../../../lib/academics.js';
import { NO_CLASS_STANDING, classStandingLabel } from '../../../lib/class-standing.js';
import { EmptyValue } from '../empty-value.js';
import { Field } from './section-card.js';
import { RecordText } from '../../record-text.js';

/** portal.md §3 standing; a Warning answer (null) reads as both empty texts. */
export function StandingView({ standing }: { standing: Standing | null }) {
  const { t } = useLingui();
  /** An empty text of §8 is shown quietly, in the reader's language, not as the student's standing. */
  const orEmpty = (label: string) =>
    label === NO_CLASS_STANDING ? (
      <EmptyValue>{t`No Class Standing/Not Applicable`}</EmptyValue>
    ) : label === NO_STANDING ? (
      <EmptyValue>{t`No Current Standing / Not Applicable`}</EmptyValue>
    ) : (
      <RecordText>{label}</RecordText>
    );
  return (
    <dl className="acad-fields">
      <Field label={t`Class standing`}>
        {orEmpty(standing ? classStandingLabel(standing.class_standing) : NO_CLASS_STANDING)}
      </Field>
      <Field label={t`Academic standing`}>
        {orEmpty(standing ? academicStandingLabel(standing.message) : NO_STANDING)}
      </Field>
    </dl>
  );
}

/** portal.md §9 GPA: two decimals, "(Graduate)" for a graduate GPA. */
export function GpaView({ records }: { records: GpaRecord[] }) {
  const { t } = useLingui();
  const record = pickGpa(records);
  if (!record) return <p className="acad-gpa">{t`Not available`}</p>;
  const gpa = record.GPA.toFixed(2);
  return <p className="acad-gpa">{record.LEVELCODE === 'GR' ? t`${gpa} (Graduate)` : gpa}</p>;
}

export interface TermViewProps {
  name: string;
  week: number | null;
  /** The bookstore link of the term, or its own state while it loads or fails; none for a delegate. */
  bookstore?: ReactNode;
  /** Veteran benefits; none for a delegate (issue 88: the person's details are the student's own). */
  veteran?: ReactNode;
}

/** The current term, its week (7-day units from its start), the bookstore and veteran benefits. */
export function TermView({ name, week, bookstore, veteran }: TermViewProps) {
  const { t } = useLingui();
  return (
    <>
      <p className="acad-term">
        <span className="acad-term__name">{name}</span>
        <span className="acad-term__week">{week ? t`Week ${week}` : t`Starts soon`}</span>
      </p>
      {(bookstore || veteran) && (
        <ul className="acad-links">
          {bookstore && <li>{bookstore}</li>}
          {veteran && <li>{veteran}</li>}
        </ul>
      )}
    </>
  );
}

/** portal.md §3 bookstore_link: the textbooks of the current term. */
export function BookstoreLink({ href, termName }: { href: string | null; termName: string }) {
  if (!href)
    return (
      <span className="muted">
        <Trans>Bookstore link not available</Trans>
      </span>
    );
  return (
    <a href={href} target="_blank" rel="noreferrer">
      <Trans>Textbooks for {termName} at the bookstore</Trans>
    </a>
  );
}
