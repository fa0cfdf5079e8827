import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmptyValue } from '../empty-value.js';
import { RecordText } from '../../record-text.js';
import type { Curriculum } from '../../../../contract/sis/academics.schema.js';

export interface AcademicInfoProps {
  curricula: Curriculum[];
  classStanding: string;
  expectedGraduation: string | null;
  preProfessional: string[];
}

/** The SIS's value, in the records' language (or the campus's name for it), else the empty text. */
const orNone = (value: string | null, none: string): ReactNode =>
  value ? <RecordText>{value}</RecordText> : <EmptyValue>{none}</EmptyValue>;

/** Each program by the campus's name for it in the reader's language, else the SIS's English. */
const programs = (list: Curriculum[], none: string): ReactNode =>
  list.length === 0 ? (
    <EmptyValue>{none}</EmptyValue>
  ) : (
    list.map((c, at) => (
      <span key={c.FOS_DESC}>
        {at > 0 && ', '}
        <RecordText>{c.FOS_DESC}</RecordText>
      </span>
    ))
  );

/** portal.md §2 Account page: the academic information grid (students only). */
export function AcademicInfo(props: AcademicInfoProps) {
  const { t } = useLingui();
  const { curricula, classStanding, expectedGraduation, preProfessional } = props;
  const majors = curricula.filter((c) => c.FOS_CODE === 'MAJOR');
  const minors = curricula.filter((c) => c.FOS_CODE === 'MINOR');
  const first = curricula[0] ?? null;
  const none = t`No Record Found/Not Applicable`;
  return (
    <dl className="info-grid">
      <div>
        <dt>
          <Trans>Major</Trans>
        </dt>
        <dd>{programs(majors, none)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Minor</Trans>
        </dt>
        <dd>{programs(minors, none)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Degree</Trans>
        </dt>
        <dd>{orNone(first?.DEGREE_DESC ?? null, none)}</dd>
      </div>
      <div>
        <dt>
          <Trans>College</Trans>
        </dt>
        <dd>{orNone(first?.COLLEGE ?? null, none)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Class standing</Trans>
        </dt>
        <dd>
          {orNone(
            classStanding === 'No Class Standing/Not Applicable' ? null : classStanding,
            t`No Class Standing/Not Applicable`,
          )}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Admitted as</Trans>
        </dt>
        <dd>{orNone(first?.ADMITLEVEL ?? null, none)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Residency</Trans>
        </dt>
        <dd>{orNone(first?.RESIDENCY_STATUS ?? null, t`No Residency Status / Not Applicable`)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Expected graduation</Trans>
        </dt>
        <dd>{orNone(expectedGraduation, none)}</dd>
      </div>
      {preProfessional.length > 0 && (
        <div>
          <dt>
            <Trans>Pre-professional</Trans>
          </dt>
          <dd>
            <RecordText>{preProfessional.join(', ')}</RecordText>
          </dd>
        </div>
      )}
    </dl>
  );
}
