import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmptyValue } from '../empty-value.js';
import type { Curriculum } from '../../../../contract/sis/academics.schema.js';

export interface AcademicInfoProps {
  curricula: Curriculum[];
  classStanding: string;
  expectedGraduation: string | null;
  preProfessional: string[];
}

const orNone = (value: string | null, none: string): ReactNode =>
  value || <EmptyValue>{none}</EmptyValue>;

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
        <dd>{orNone(majors.map((c) => c.FOS_DESC).join(', '), none)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Minor</Trans>
        </dt>
        <dd>{orNone(minors.map((c) => c.FOS_DESC).join(', '), none)}</dd>
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
          <dd>{preProfessional.join(', ')}</dd>
        </div>
      )}
    </dl>
  );
}
